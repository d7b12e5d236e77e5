// Starts the Bun implementation as a child process. Node ESM.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const BUN = fileURLToPath(new URL('../../../../../node_modules/.bin/bun', import.meta.url));
const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));
const START_TIMEOUT_MS = 20_000;

export async function startBun({ fault = '' } = {}) {
  const tokenA = 'bk_live_' + randomBytes(24).toString('hex');
  const tokenB = 'bk_live_' + randomBytes(24).toString('hex');
  const child = spawn(BUN, ['--no-install', SERVER], {
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      TMPDIR: process.env.TMPDIR ?? '/tmp',
      FAULT: fault,
      BANK_TOKEN_A: tokenA,
      BANK_TOKEN_B: tokenB,
      BUN_DISABLE_AUTOINSTALL: '1',
      NO_COLOR: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let exited = child.exitCode !== null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', () => {
      exited = true;
      resolve();
    });
    child.once('error', () => {
      exited = true;
      resolve();
    });
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d) => {
    if (stderr.length < 20000) stderr += d;
  });

  const close = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const t = setTimeout(() => {
        if (!exited) child.kill('SIGKILL');
      }, 2000);
      await exitPromise;
      clearTimeout(t);
    }
  };

  try {
    const { port, seed } = await new Promise((resolve, reject) => {
      let buf = '';
      let seedInfo = null;
      const timer = setTimeout(
        () => reject(new Error(`bun server did not start within ${START_TIMEOUT_MS} ms\n${stderr}`)),
        START_TIMEOUT_MS,
      );
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d) => {
        buf += d;
        let i;
        while ((i = buf.indexOf('\n')) >= 0) {
          const line = buf.slice(0, i).trim();
          buf = buf.slice(i + 1);
          if (line.startsWith('SEED ')) seedInfo = JSON.parse(line.slice(5));
          const m = /^LISTENING (\d+)$/.exec(line);
          if (m) {
            clearTimeout(timer);
            resolve({ port: Number(m[1]), seed: seedInfo });
          }
        }
      });
      child.once('exit', (code, sig) => {
        clearTimeout(timer);
        reject(new Error(`bun server exited early (${code ?? sig})\n${stderr}`));
      });
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    child.stdout.resume();
    if (!seed) throw new Error('bun server did not report its seed');
    return { baseUrl: `http://127.0.0.1:${port}`, tokenA, userIdA: seed.userIdA, tokenB, userIdB: seed.userIdB, close };
  } catch (e) {
    await close();
    throw e;
  }
}
