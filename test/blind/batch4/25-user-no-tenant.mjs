// Faulty server: base 'fastify-pg' with the single defect 'user-no-tenant' switched on (see README.md).
import { startFastifyPg as startBase } from './lib/fastify-pg.mjs';

export const stack = 'fastify-pg';

export default async function start() {
  return startBase({ fault: 'user-no-tenant' });
}
