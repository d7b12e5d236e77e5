// 28-garbage-cursor-500
// Defect: Cursors are unsigned base64 JSON decoded with JSON.parse without a try, so a cursor the server never issued yields 500.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { jsonCursor: true } });
}
