// Faulty server: base 'fastify-pg' with the single defect 'user-created-at-epoch' switched on (see README.md).
import { startFastifyPg as startBase } from './lib/fastify-pg.mjs';

export const stack = 'fastify-pg';

export default async function start() {
  return startBase({ fault: 'user-created-at-epoch' });
}
