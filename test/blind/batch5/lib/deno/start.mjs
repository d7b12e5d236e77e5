// Spawns the Deno + Deno KV bank-linking server with one FAULT switched on ('' = conformant).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const DENO = fileURLToPath(new URL('../../../../../node_modules/.bin/deno', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const START_TIMEOUT_MS = 20_000;

export async function startDeno({ fault = '' } = {}) {
  const tokenA = 'dk_' + randomBytes(24).toString('hex');
  const tokenB = 'dk_' + randomBytes(24).toString('hex');
  const child = spawn(
    DENO,
    ['run', '--no-remote', '--no-npm', '--no-config', '--no-lock', '--unstable-kv', '--allow-net=127.0.0.1', '--allow-env', SERVER],
    {
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: process.env.HOME ?? '/tmp',
        DENO_DIR: process.env.DENO_DIR ?? '/tmp/deno-blind-batch5-cache',
        DENO_NO_UPDATE_CHECK: '1',
        DENO_NO_PROMPT: '1',
        NO_COLOR: '1',
        FAULT: fault,
        TOKEN_A: tokenA,
        TOKEN_B: tokenB,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));

  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const t = setTimeout(() => {
        try {
          child.kill('SIGKILL');
        } catch {
          /* gone */
        }
      }, 3000);
      await exited;
      clearTimeout(t);
    }
  };

  const port = await new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => {
      cleanup();
      close().finally(() => reject(new Error(`deno server (FAULT=${fault}) did not start within ${START_TIMEOUT_MS} ms\n${stderr}`)));
    }, START_TIMEOUT_MS);
    const onData = (d) => {
      buf += d;
      const m = /LISTENING (\d+)/.exec(buf);
      if (m) {
        cleanup();
        resolve(Number(m[1]));
      }
    };
    const onExit = (code, sig) => {
      cleanup();
      reject(new Error(`deno server (FAULT=${fault}) exited early (${code ?? sig})\n${stderr}`));
    };
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
  child.stdout.resume(); // keep draining

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    tokenA,
    userIdA: 'usr_3f9a1c0e5b7d',
    tokenB,
    userIdB: 'usr_6d1b9e3f7a25',
    close,
  };
}
