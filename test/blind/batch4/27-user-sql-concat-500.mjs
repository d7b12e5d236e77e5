// Faulty server: base 'express-sqlite' with the single defect 'user-sql-concat-500' switched on (see README.md).
import { startExpressSqlite as startBase } from './lib/express-sqlite.mjs';

export const stack = 'express-sqlite';

export default async function start() {
  return startBase({ fault: 'user-sql-concat-500' });
}
