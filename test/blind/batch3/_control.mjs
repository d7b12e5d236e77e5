// Control: the conformant server, no fault switched on.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({});
}
