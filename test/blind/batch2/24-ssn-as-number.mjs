// 24-ssn-as-number
// Defect: The user serializer casts ssn to a number (NUMERIC column), so it is a JSON number and loses leading zeros.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { userView: (v) => ({ ...v, ssn: Number(v.ssn) }) } });
}
