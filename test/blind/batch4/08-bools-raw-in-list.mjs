// Faulty server: base 'express-sqlite' with the single defect 'bools-raw-in-list' switched on (see README.md).
import { startExpressSqlite as startBase } from './lib/express-sqlite.mjs';

export const stack = 'express-sqlite';

export default async function start() {
  return startBase({ fault: 'bools-raw-in-list' });
}
