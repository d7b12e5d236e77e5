/**
 * npm run soak [-- --runs 20] [--corner busy-staging] [--set KEY=VALUE ...] [--extra-banks N] [--seed N] [--base-url URL]
 *
 * The same conformance run, N times in a row, against one staging: the embedded reference at a corner
 * of the staging envelope (a preset of src/lab/variations.ts, default busy-staging, the harshest,
 * with --set choices on top), or any base URL (tokens and User ids from the environment, as for
 * `npm run conformance`). Prints how many runs were decided, passed and failed, the failing checks by
 * id (against the embedded reference every fail is a false failure: it is conformant), the
 * undecided ones, and the spread of run times; a run is decided only on evidence (scripts/decided-run.ts):
 * a crash or a time-out is undecided, never a failure. Writes reports/soak/soak.json. Exit 1 when a run
 * was undecided, or failed against the reference. Not part of npm test: a soak is minutes of runs.
 */
import { parseArgs } from 'node:util';
import { startReference, type RunningReference } from '../src/lab/server.js';
import { envelopeCorners } from '../src/lab/staging-envelope.js';
import { baseline, variations, type Variation } from '../src/lab/variations.js';

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../src/core/paths.js';
import { freshBundles } from '../test/support/cli-bundle.js';
import { runCli, targetArgs } from '../test/support/run-cli.js';
import type { CliChoice } from './blind.js';
import { decidedRun } from './decided-run.js';

/** Every named corner: the staging envelope's and every preset of legitimate variations. */
const corners: Record<string, Partial<Variation>> = { ...variations, ...envelopeCorners };

const HELP = `npm run soak -- [options]
  --runs N          runs in a row (default 20)
  --corner NAME     the embedded staging's corner, a corner of the envelope or a variation preset (default busy-staging): ${Object.keys(corners).join(', ')}
  --set KEY=VALUE   one knob on top of the corner, repeatable (keys: ${Object.keys(baseline).join(', ')})
  --extra-banks N   User Banks the embedded staging holds for the caller's first User before the run (a list grown by earlier runs; default 0)
  --seed N          the first run's seed; run i uses seed + i (default 1)
  --base-url URL    soak a real staging instead (CONFORMANCE_TOKEN, CONFORMANCE_USER_ID, ... from the environment)
  --help            this text`;

function knobs(sets: string[]): Partial<Variation> {
  const out: Record<string, unknown> = {};
  for (const set of sets) {
    const [key, raw] = [set.slice(0, set.indexOf('=')), set.slice(set.indexOf('=') + 1)];
    if (!(key in baseline)) throw new Error(`--set ${set}: unknown knob; known: ${Object.keys(baseline).join(', ')}`);
    const like = baseline[key as keyof Variation];
    out[key] = typeof like === 'number' ? Number(raw) : typeof like === 'boolean' ? raw === 'true' : raw;
  }
  return out as Partial<Variation>;
}

export interface SoakRun {
  seed: number;
  /** conformant or FAILED only when the run is decided (scripts/decided-run.ts); a crash or a time-out is undecided. */
  outcome: 'conformant' | 'FAILED' | 'undecided';
  why?: string;
  code: number | null;
  seconds: number;
  failing: string[];
  inconclusive: string[];
}

export interface SoakSummary {
  target: string;
  runs: number;
  decided: number;
  passed: number;
  failed: number;
  undecided: number;
  seconds: { min: number; median: number; max: number };
  outcomes: SoakRun[];
}

export interface SoakOptions {
  runs: number;
  corner: string;
  sets?: string[];
  firstSeed: number;
  baseUrl?: string;
  /** User Banks the embedded staging holds for caller A's first User before each run. */
  extraBanks?: number;
  /** How the CLI is started (a test's stand-in for a crashing CLI); default the checkout's bundle. */
  cli?: CliChoice;
  /** Told of each run as it ends. */
  onRun?: (run: SoakRun, index: number) => void;
}

function countBy(lists: string[][]): [string, number][] {
  const counts = new Map<string, number>();
  for (const id of lists.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].sort((x, y) => y[1] - x[1]);
}

export async function soak(options: SoakOptions): Promise<SoakSummary> {
  const { runs, corner, firstSeed } = options;
  if (!(corner in corners)) throw new Error(`unknown --corner "${corner}"; known: ${Object.keys(corners).join(', ')}`);
  const external = options.baseUrl;
  const choices = { ...corners[corner], ...knobs(options.sets ?? []) };
  if (options.cli?.entry === undefined) await freshBundles();
  const outcomes: SoakRun[] = [];
  for (let i = 0; i < runs; i += 1) {
    // A fresh reference per run, as a fresh staging day would be: the other writer's banks do not pile up across runs.
    const reference: RunningReference | undefined = external
      ? undefined
      : await startReference({ variation: choices, seed: firstSeed + i, extraBanks: options.extraBanks ?? 0 });
    try {
      const target = reference ? targetArgs(reference) : ['--base-url', external as string];
      const env = reference
        ? {}
        : Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('CONFORMANCE_')) as [string, string][]);
      const { decision, run } = await decidedRun(() =>
        (options.cli?.start ?? runCli)([...target, '--seed', String(firstSeed + i)], {
          env,
          timeoutMs: options.cli?.timeoutMs ?? 600_000,
          ...(options.cli?.entry ? { entry: options.cli.entry } : {}),
        }),
      );
      const outcome: SoakRun = decision.decided
        ? {
            seed: firstSeed + i,
            outcome: decision.verdict === 'conformant' ? 'conformant' : 'FAILED',
            code: run.code,
            seconds: Math.round(run.durationMs / 100) / 10,
            failing: decision.failing,
            inconclusive: [],
          }
        : {
            seed: firstSeed + i,
            outcome: 'undecided',
            why: decision.why,
            code: run.code,
            seconds: Math.round(run.durationMs / 100) / 10,
            failing: [],
            inconclusive:
              decision.why === 'inconclusive'
                ? decision.detail.map((d) => d.split(':')[0] as string)
                : [`(${decision.why}: ${decision.detail.join('; ').slice(0, 300)})`],
          };
      outcomes.push(outcome);
      options.onRun?.(outcome, i);
    } finally {
      await reference?.close();
    }
  }
  const times = outcomes.map((o) => o.seconds).sort((x, y) => x - y);
  return {
    target:
      external ??
      `embedded reference at corner ${corner} ${JSON.stringify(choices)}${options.extraBanks ? `, ${options.extraBanks} extra User Banks` : ''}`,
    runs,
    decided: outcomes.filter((o) => o.outcome !== 'undecided').length,
    passed: outcomes.filter((o) => o.outcome === 'conformant').length,
    failed: outcomes.filter((o) => o.outcome === 'FAILED').length,
    undecided: outcomes.filter((o) => o.outcome === 'undecided').length,
    seconds: { min: times[0] ?? 0, median: times[Math.floor(times.length / 2)] ?? 0, max: times[times.length - 1] ?? 0 },
    outcomes,
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '20' },
      corner: { type: 'string', default: 'busy-staging' },
      set: { type: 'string', multiple: true },
      seed: { type: 'string', default: '1' },
      'extra-banks': { type: 'string', default: '0' },
      'base-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const runs = Math.max(1, Math.min(1_000, Number(values.runs)));
  const external = values['base-url'];
  console.log(
    external
      ? `soak: ${runs} runs against ${external}`
      : `soak: ${runs} runs against the embedded reference at corner ${values.corner}${Number(values['extra-banks']) > 0 ? ` holding ${values['extra-banks']} extra User Banks` : ''}`,
  );
  const summary = await soak({
    runs,
    corner: values.corner,
    sets: values.set ?? [],
    firstSeed: Number(values.seed),
    extraBanks: Math.max(0, Math.min(1_000_000, Number(values['extra-banks']) || 0)),
    ...(external ? { baseUrl: external } : {}),
    onRun: (o, i) =>
      console.log(
        `run ${i + 1}/${runs} seed ${o.seed}: ${o.outcome}${o.why ? ` (${o.why})` : ''} in ${o.seconds} s` +
          (o.failing.length ? `; failing ${o.failing.join(', ')}` : '') +
          (o.inconclusive.length ? `; inconclusive ${o.inconclusive.join(', ')}` : ''),
      ),
  });
  console.log('');
  console.log(
    `decided ${summary.decided}/${runs}, passed ${summary.passed}, failed ${summary.failed}, undecided ${summary.undecided}; ` +
      `run time min ${summary.seconds.min} s, median ${summary.seconds.median} s, max ${summary.seconds.max} s`,
  );
  const failures = countBy(summary.outcomes.map((o) => o.failing));
  const undecided = countBy(summary.outcomes.map((o) => o.inconclusive));
  if (failures.length)
    console.log(
      `${external ? 'failing checks' : 'false failures (the reference is conformant)'}: ${failures.map(([id, n]) => `${id} x${n}`).join(', ')}`,
    );
  if (undecided.length) console.log(`undecided: ${undecided.map(([id, n]) => `${id} x${n}`).join(', ')}`);
  const outDir = join(packageRoot, 'reports', 'soak');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'soak.json'), JSON.stringify(summary, null, 2));
  console.log(`summary: ${join(outDir, 'soak.json')}`);
  if (external) return summary.decided === runs ? 0 : 1;
  return summary.decided === runs && summary.failed === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`soak: ${(error as Error).message}`);
      process.exit(2);
    },
  );
}
