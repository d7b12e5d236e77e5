// Faulty server: base 'fastify-pg' with the single defect 'status-filter-lost-next-page' switched on (see README.md).
import { startFastifyPg as startBase } from './lib/fastify-pg.mjs';

export const stack = 'fastify-pg';

export default async function start() {
  return startBase({ fault: 'status-filter-lost-next-page' });
}
