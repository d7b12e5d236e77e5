// Defect: date_of_birth.month comes from Date#getUTCMonth(), i.e. 0-based (January is 0, every month off by one).
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { userDobZeroMonth: true } });
}
