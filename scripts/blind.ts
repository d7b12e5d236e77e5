/**
 * npm run blind [-- --batch NAME] [--only FILE]: the suite against every server of the blind-fault corpus
 * (test/blind/<batch>/), servers written from the spec alone by someone who never read the suite.
 * Each blind server is conformant but for one defect; its README names the statement it breaks.
 * A fault is caught when the run is non-conformant (exit 1); a control server (_control.mjs) must be
 * conformant (exit 0), or the suite fails a conformant server. Prints the detection rate per batch.
 *
 * Not part of npm test (a whole CLI run per server); npm test proves every check can fail through the catalog.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/core/paths.js';
import { runCli } from '../test/support/run-cli.js';

interface BlindTarget {
  baseUrl: string;
  tokenA: string;
  userIdA: string;
  tokenB: string;
  userIdB: string;
  close(): Promise<void>;
}

export interface BlindOutcome {
  batch: string;
  server: string;
  control: boolean;
  exitCode: number | null;
  /** caught: exit 1 on a fault; missed: exit 0 on a fault; undecided: exit 2 or killed; conformant / falsely failed for the control. */
  verdict: 'caught' | 'missed' | 'undecided' | 'conformant' | 'falsely failed';
  failing: string[];
  warnings: string[];
  /** Why the run was not decided: its inconclusive checks, or its last line on stderr when it could not run. */
  undecidedBy: string[];
  /** The run's reports (a temporary folder), to read a verdict's evidence. */
  reportDir: string;
  seconds: number;
}

const blindRoot = join(packageRoot, 'test', 'blind');

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
}

function serversOf(batch: string): string[] {
  return readdirSync(join(blindRoot, batch))
    .filter((f) => f.endsWith('.mjs') && (f === '_control.mjs' || /^\d/.test(f)))
    .sort();
}

export async function judgeBlindServer(batch: string, server: string, seed: string): Promise<BlindOutcome> {
  const mod = (await import(join(blindRoot, batch, server))) as { default: () => Promise<BlindTarget> };
  const target = await mod.default();
  const control = server === '_control.mjs';
  try {
    const run = await runCli(['--base-url', target.baseUrl, '--user-id', target.userIdA, '--user-id-b', target.userIdB, '--seed', seed], {
      env: { CONFORMANCE_TOKEN: target.tokenA, CONFORMANCE_TOKEN_B: target.tokenB },
      timeoutMs: 240_000,
    });
    const checks = run.results?.checks ?? [];
    const failing = checks.filter((c) => c.outcome === 'fail').map((c) => c.id);
    const warnings = checks.filter((c) => c.outcome === 'warn').map((c) => c.id);
    const inconclusive = checks.filter((c) => c.outcome === 'inconclusive').map((c) => `${c.id}: ${c.message.slice(0, 200)}`);
    const undecidedBy = run.code === 2 && inconclusive.length === 0 ? [run.stderr.trim().split('\n').pop() ?? ''] : inconclusive;
    const verdict: BlindOutcome['verdict'] =
      run.code === 1 ? (control ? 'falsely failed' : 'caught') : run.code === 0 ? (control ? 'conformant' : 'missed') : 'undecided';
    return {
      batch,
      server,
      control,
      exitCode: run.code,
      verdict,
      failing,
      warnings,
      undecidedBy,
      reportDir: run.reportDir,
      seconds: Math.round(run.durationMs / 100) / 10,
    };
  } finally {
    await target.close();
  }
}

/** Runs `items` through `work`, at most `bound` at a time, keeping their order. */
async function inPool<T, R>(items: T[], bound: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(bound, items.length) }, lane));
  return out;
}

async function main(argv: string[]): Promise<number> {
  const only = argValue(argv, '--only');
  const seed = argValue(argv, '--seed') ?? '42';
  const batches = argValue(argv, '--batch')
    ? [argValue(argv, '--batch') as string]
    : readdirSync(blindRoot).filter((d) => existsSync(join(blindRoot, d, 'README.md')));
  const outcomes: BlindOutcome[] = [];
  for (const batch of batches) {
    const servers = serversOf(batch).filter((s) => only === undefined || s === only);
    console.error(`blind batch ${batch}: ${servers.length} servers`);
    const judged = await inPool(servers, 2, async (server) => {
      const outcome = await judgeBlindServer(batch, server, seed);
      console.error(`  ${outcome.verdict.padEnd(15)} ${server.padEnd(44)} ${outcome.seconds}s ${outcome.failing.join(', ')}`);
      return outcome;
    });
    outcomes.push(...judged);
  }
  const lines: string[] = [];
  for (const batch of batches) {
    const faults = outcomes.filter((o) => o.batch === batch && !o.control);
    const caught = faults.filter((o) => o.verdict === 'caught').length;
    const control = outcomes.find((o) => o.batch === batch && o.control);
    lines.push(`${batch}: caught ${caught} of ${faults.length} blind faults; control ${control?.verdict ?? 'not run'}`);
    for (const o of faults.filter((f) => f.verdict !== 'caught'))
      lines.push(`  ${o.verdict}: ${o.server}${o.undecidedBy.length > 0 ? ` (${o.undecidedBy.join('; ')})` : ''}`);
  }
  console.log(lines.join('\n'));
  const outDir = join(packageRoot, 'reports', 'blind');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'blind.json'), JSON.stringify(outcomes, null, 2));
  const falseFail = outcomes.some((o) => o.control && o.verdict !== 'conformant');
  return falseFail ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
