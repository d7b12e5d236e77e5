// Defect: User.address is stored in a TEXT column and returned as a JSON-encoded string, not an object.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { userAddressJsonString: true } });
}
