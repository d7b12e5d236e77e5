// Faulty server: base 'fastify-pg' with the single defect 'users-cache-before-auth' switched on (see README.md).
import { startFastifyPg as startBase } from './lib/fastify-pg.mjs';

export const stack = 'fastify-pg';

export default async function start() {
  return startBase({ fault: 'users-cache-before-auth' });
}
