import { startBun } from './lib/bun/start.mjs';

export const stack = 'bun-sqlite';
export default async function start() {
  return startBun({ fault: 'limit-max-not-enforced' });
}
