/**
 * npm run blind [-- --batch NAME] [--only FILE] [--seed N]: the suite against every server of the
 * blind-fault corpus (test/blind/<batch>/), servers written from the spec alone by someone who never
 * read the suite. Each numbered server is conformant but for one defect (its README names the
 * statement it breaks); each control (`_control.mjs`, or `_control-<stack>.mjs` when a batch has
 * servers on several stacks, each exporting its `stack`) is the same server with no defect.
 *
 * Decided only on evidence (scripts/decided-run.ts): a fault is caught when its run finished with a
 * verdict and a check failed that did not fail on its stack's control; a run that crashed or timed
 * out, or was inconclusive, is counted as such, never as caught. The runs use the CLI bundle built
 * from this checkout's sources (built first when missing or stale). Prints the figure per batch and
 * writes reports/blind/blind.json. Exit 1 when a control is not judged conformant or a run was not
 * decided: the figure would not be a measurement.
 *
 * Not part of npm test (a whole CLI run per server); npm test proves every check can fail through the catalog.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/core/paths.js';
import { freshBundles } from '../test/support/cli-bundle.js';
import { runCli } from '../test/support/run-cli.js';
import { decidedRun, type RunDecision } from './decided-run.js';

export interface BlindTarget {
  baseUrl: string;
  tokenA: string;
  userIdA: string;
  tokenB: string;
  userIdB: string;
  close(): Promise<void>;
}

/** How the CLI is started: the checkout's bundle by default; a test may give another entry. */
export interface CliChoice {
  entry?: string[];
  timeoutMs?: number;
  /** How a run is started (runCli); a test's stand-in for a CLI that cannot start at all. */
  start?: typeof runCli;
}

export type BlindVerdict = 'caught' | 'missed' | 'undecided' | 'crashed' | 'conformant' | 'falsely failed';

export interface BlindOutcome {
  batch: string;
  server: string;
  stack: string;
  control: boolean;
  exitCode: number | null;
  verdict: BlindVerdict;
  failing: string[];
  /** The failing checks that did not fail on the stack's control: what a catch rests on. */
  failingBeyondControl: string[];
  warnings: string[];
  /** Why the run was not decided (its inconclusive checks, the crash's last line), or why it is not a catch. */
  detail: string[];
  /** The run's reports (a temporary folder), to read a verdict's evidence. */
  reportDir: string;
  seconds: number;
}

const blindRoot = join(packageRoot, 'test', 'blind');
const isControl = (file: string): boolean => /^_control(-[\w-]+)?\.mjs$/.test(file);

function argValue(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i === -1 ? undefined : argv[i + 1];
}

function serversOf(batch: string): string[] {
  return readdirSync(join(blindRoot, batch))
    .filter((f) => f.endsWith('.mjs') && (isControl(f) || /^\d/.test(f)))
    .sort();
}

/** One whole CLI run against a started target, and what it may be taken to show. */
export async function runAgainst(
  target: BlindTarget,
  seed: string,
  cli: CliChoice = {},
): Promise<{ decision: RunDecision; run: Awaited<ReturnType<typeof runCli>> }> {
  const args = ['--base-url', target.baseUrl, '--user-id', target.userIdA, '--user-id-b', target.userIdB, '--seed', seed];
  return decidedRun(() =>
    (cli.start ?? runCli)(args, {
      env: { CONFORMANCE_TOKEN: target.tokenA, CONFORMANCE_TOKEN_B: target.tokenB },
      timeoutMs: cli.timeoutMs ?? 240_000,
      ...(cli.entry ? { entry: cli.entry } : {}),
    }),
  );
}

/**
 * The verdict on one server from its run's decision and, for a fault, its control's outcome. A
 * fault whose control was not judged conformant cannot be judged at all: the figure would count the
 * suite's own false failures as catches.
 */
export function blindVerdict(
  decision: RunDecision,
  control: BlindOutcome | undefined,
): Pick<BlindOutcome, 'verdict' | 'failingBeyondControl' | 'detail'> {
  if (!decision.decided)
    return {
      verdict: decision.why === 'crashed' || decision.why === 'timed out' ? 'crashed' : 'undecided',
      failingBeyondControl: [],
      detail: [decision.why, ...decision.detail],
    };
  if (control === undefined) {
    const verdict = decision.verdict === 'conformant' ? 'conformant' : 'falsely failed';
    return { verdict, failingBeyondControl: decision.failing, detail: [] };
  }
  if (control.verdict !== 'conformant')
    return { verdict: 'undecided', failingBeyondControl: [], detail: [`its control ${control.server} was ${control.verdict}`] };
  // The control is conformant here, so every failing check is one that did not fail on it.
  if (decision.failing.length > 0) return { verdict: 'caught', failingBeyondControl: decision.failing, detail: [] };
  return { verdict: 'missed', failingBeyondControl: [], detail: [] };
}

export async function judgeBlindServer(
  batch: string,
  server: string,
  seed: string,
  controls: Map<string, BlindOutcome>,
  cli: CliChoice = {},
): Promise<BlindOutcome> {
  const mod = (await import(join(blindRoot, batch, server))) as { default: () => Promise<BlindTarget>; stack?: string };
  const stack = mod.stack ?? 'default';
  const control = isControl(server);
  const target = await mod.default();
  try {
    const { decision, run } = await runAgainst(target, seed, cli);
    const verdict = blindVerdict(decision, control ? undefined : controls.get(stack));
    return {
      batch,
      server,
      stack,
      control,
      exitCode: run.code,
      ...verdict,
      failing: decision.decided ? decision.failing : [],
      warnings: decision.decided ? decision.warnings : [],
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

export interface BatchFigure {
  batch: string;
  faults: number;
  caught: number;
  missed: number;
  undecided: number;
  crashed: number;
  controls: { server: string; verdict: BlindVerdict }[];
}

export function figureOf(batch: string, outcomes: BlindOutcome[]): BatchFigure {
  const faults = outcomes.filter((o) => o.batch === batch && !o.control);
  const count = (verdict: BlindVerdict): number => faults.filter((o) => o.verdict === verdict).length;
  return {
    batch,
    faults: faults.length,
    caught: count('caught'),
    missed: count('missed'),
    undecided: count('undecided'),
    crashed: count('crashed'),
    controls: outcomes.filter((o) => o.batch === batch && o.control).map((o) => ({ server: o.server, verdict: o.verdict })),
  };
}

export async function judgeBatch(batch: string, seed: string, only?: string, cli: CliChoice = {}): Promise<BlindOutcome[]> {
  const servers = serversOf(batch);
  const faults = servers.filter((s) => !isControl(s) && (only === undefined || s === only));
  console.error(`blind batch ${batch}: ${faults.length} servers, ${servers.filter(isControl).length} control(s)`);
  const report = (o: BlindOutcome): BlindOutcome => {
    console.error(
      `  ${o.verdict.padEnd(15)} ${o.server.padEnd(44)} ${o.seconds}s ${o.failingBeyondControl.join(', ')}${o.detail.length ? ` (${o.detail.join('; ').slice(0, 300)})` : ''}`,
    );
    return o;
  };
  const controlOutcomes = await inPool(servers.filter(isControl), 2, async (s) =>
    report(await judgeBlindServer(batch, s, seed, new Map(), cli)),
  );
  const controls = new Map(controlOutcomes.map((o) => [o.stack, o]));
  const faultOutcomes = await inPool(faults, 2, async (s) => report(await judgeBlindServer(batch, s, seed, controls, cli)));
  return [...controlOutcomes, ...faultOutcomes];
}

async function main(argv: string[]): Promise<number> {
  const only = argValue(argv, '--only');
  const seed = argValue(argv, '--seed') ?? '42';
  const batches = argValue(argv, '--batch')
    ? [argValue(argv, '--batch') as string]
    : readdirSync(blindRoot).filter((d) => existsSync(join(blindRoot, d, 'README.md')));
  await freshBundles();
  const outcomes: BlindOutcome[] = [];
  for (const batch of batches) outcomes.push(...(await judgeBatch(batch, seed, only)));
  const figures = batches.map((batch) => figureOf(batch, outcomes));
  const lines: string[] = [];
  for (const f of figures) {
    lines.push(
      `${f.batch}: caught ${f.caught} of ${f.faults} blind faults (missed ${f.missed}, undecided ${f.undecided}, crashed ${f.crashed}); ` +
        `control ${f.controls.map((c) => `${c.server} ${c.verdict}`).join(', ') || 'not run'}`,
    );
    for (const o of outcomes.filter((x) => x.batch === f.batch && !x.control && x.verdict !== 'caught'))
      lines.push(`  ${o.verdict}: ${o.server}${o.detail.length > 0 ? ` (${o.detail.join('; ').slice(0, 300)})` : ''}`);
  }
  console.log(lines.join('\n'));
  const outDir = join(packageRoot, 'reports', 'blind');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'blind.json'), JSON.stringify({ seed, figures, outcomes }, null, 2));
  const measured = figures.every(
    (f) => f.undecided + f.crashed === 0 && f.controls.length > 0 && f.controls.every((c) => c.verdict === 'conformant'),
  );
  return measured ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then((code) => (process.exitCode = code));
}
