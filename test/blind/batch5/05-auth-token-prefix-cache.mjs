import { startBun } from './lib/bun/start.mjs';

export const stack = 'bun-sqlite';
export default async function start() {
  return startBun({ fault: 'auth-token-prefix-cache' });
}
