// Faulty server: base 'express-sqlite' with the single defect 'user-filter-else-if' switched on (see README.md).
import { startExpressSqlite as startBase } from './lib/express-sqlite.mjs';

export const stack = 'express-sqlite';

export default async function start() {
  return startBase({ fault: 'user-filter-else-if' });
}
