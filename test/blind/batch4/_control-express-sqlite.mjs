// Control: the conformant 'express-sqlite' base, no fault.
import { startExpressSqlite as startBase } from './lib/express-sqlite.mjs';

export const stack = 'express-sqlite';

export default async function start() {
  return startBase({});
}
