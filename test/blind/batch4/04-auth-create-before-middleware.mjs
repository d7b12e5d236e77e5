// Faulty server: base 'express-sqlite' with the single defect 'auth-create-before-middleware' switched on (see README.md).
import { startExpressSqlite as startBase } from './lib/express-sqlite.mjs';

export const stack = 'express-sqlite';

export default async function start() {
  return startBase({ fault: 'auth-create-before-middleware' });
}
