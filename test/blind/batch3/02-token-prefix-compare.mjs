// Defect: token check compares only as many bytes as the caller sent, so an empty or truncated bearer token is accepted.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { authTokenPrefix: true } });
}
