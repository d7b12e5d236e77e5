import { startDeno } from './lib/deno/start.mjs';

export const stack = 'deno-kv';
export default async function start() {
  return startDeno({ fault: 'tenant-cursor-absolute' });
}
