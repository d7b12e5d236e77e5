// Faulty server: base 'express-sqlite' with the single defect 'create-orphan-no-tx' switched on (see README.md).
import { startExpressSqlite as startBase } from './lib/express-sqlite.mjs';

export const stack = 'express-sqlite';

export default async function start() {
  return startBase({ fault: 'create-orphan-no-tx' });
}
