/** Walks N user banks: the reference (in this process) holds them, a child process walks them. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startReference } from '../src/lab/server.js';
import type { SelfCost } from './profile-summary.js';

export interface Traversal {
  items: number;
  pages: number;
  end: string;
  seconds: number;
  /** CPU of the walking process per page (ms). */
  cpuMsPerPage: number;
  peakRssMb: number;
  /** With profile: the walk's top three self-time costs. */
  topSelf?: SelfCost[];
}

/** Caller A holds 105 banks in the fixtures; the rest are added for the walk. */
const SEEDED_BANKS_OF_A = 105;
const child = fileURLToPath(new URL('./traverse-child.ts', import.meta.url));

export async function traverse(total: number, { timeoutMs = 600_000, profile = false } = {}): Promise<Traversal> {
  const reference = await startReference({ extraBanks: total - SEEDED_BANKS_OF_A });
  try {
    const out = await new Promise<string>((resolve, reject) => {
      const proc = spawn(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), child, reference.url, reference.callers.a.token, ...(profile ? ['--profile'] : [])],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let text = '';
      proc.stdout.on('data', (d: Buffer) => (text += d.toString()));
      const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
      proc.on('error', reject);
      proc.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve(text);
        else reject(new Error(`the walk of ${total} exited with ${code}`));
      });
    });
    const result = JSON.parse(out.trim().split('\n').pop() as string) as Traversal;
    if (result.items !== total || result.end !== 'complete')
      throw new Error(`the walk of ${total} read ${result.items} items and ended ${result.end}`);
    return result;
  } finally {
    await reference.close();
  }
}
