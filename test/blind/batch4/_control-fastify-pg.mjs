// Control: the conformant 'fastify-pg' base, no fault.
import { startFastifyPg as startBase } from './lib/fastify-pg.mjs';

export const stack = 'fastify-pg';

export default async function start() {
  return startBase({});
}
