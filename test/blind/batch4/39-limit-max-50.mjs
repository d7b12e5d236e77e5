// Faulty server: base 'fastify-pg' with the single defect 'limit-max-50' switched on (see README.md).
import { startFastifyPg as startBase } from './lib/fastify-pg.mjs';

export const stack = 'fastify-pg';

export default async function start() {
  return startBase({ fault: 'limit-max-50' });
}
