// Defect: a qs-style parser turns repeated query parameters into arrays and the sanitizer calls String#replace on them, so ?status=a&status=b gives 500.
import { startServer } from './_base.mjs';
export default async function start() {
  return startServer({ faults: { repeatedParam500: true } });
}
