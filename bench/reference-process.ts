/**
 * The reference in a child process (`npm run serve -- --port 0 --json`), so a load generator in
 * the bench process does not share its event loop with the server it measures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ReferenceProcess {
  url: string;
  token: string;
  userId: string;
  stop(): Promise<void>;
}

const serveScript = fileURLToPath(new URL('../src/lab/serve.ts', import.meta.url));

export function startReferenceProcess(args: string[] = [], timeoutMs = 30_000): Promise<ReferenceProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), serveScript, '--port', '0', '--json', ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the reference did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('exit', (code) => reject(new Error(`the reference exited (${code}) before listening`)));
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => {
      clearTimeout(timer);
      const info = JSON.parse(line) as { url: string; callerA: { token: string; users: { id: string }[] } };
      resolve({
        url: info.url,
        token: info.callerA.token,
        userId: info.callerA.users[0]?.id ?? '',
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
