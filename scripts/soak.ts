/**
 * npm run soak [-- --runs 20] [--corner busy-staging] [--set KEY=VALUE ...] [--seed N] [--base-url URL]
 *
 * The same conformance run, N times in a row, against one staging: the embedded reference at a corner
 * of the staging envelope (a preset of src/reference/variations.ts, default busy-staging, the harshest,
 * with --set choices on top), or any base URL (tokens and User ids from the environment, as for
 * `npm run conformance`). Prints how many runs were decided, passed and failed, the failing checks by
 * id (against the embedded reference every fail is a false failure: it is conformant), the
 * inconclusive ones, and the spread of run times. Exit 1 when a run against the reference failed or
 * was undecided. Not part of npm test: a soak is minutes of runs.
 */
import { parseArgs } from 'node:util';
import { startReference, type RunningReference } from '../src/reference/server.js';
import { envelopeCorners } from '../src/reference/staging-envelope.js';
import { baseline, variations, type Variation } from '../src/reference/variations.js';

/** Every named corner: the staging envelope's and every preset of legitimate variations. */
const corners: Record<string, Partial<Variation>> = { ...variations, ...envelopeCorners };
import { runCli, targetArgs } from '../test/support/run-cli.js';

const HELP = `npm run soak -- [options]
  --runs N          runs in a row (default 20)
  --corner NAME     the embedded staging's corner, a corner of the envelope or a variation preset (default busy-staging): ${Object.keys(corners).join(', ')}
  --set KEY=VALUE   one knob on top of the corner, repeatable (keys: ${Object.keys(baseline).join(', ')})
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

interface RunOutcome {
  code: number | null;
  seconds: number;
  failing: string[];
  inconclusive: string[];
}

function countBy(lists: string[][]): [string, number][] {
  const counts = new Map<string, number>();
  for (const id of lists.flat()) counts.set(id, (counts.get(id) ?? 0) + 1);
  return [...counts].sort((x, y) => y[1] - x[1]);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '20' },
      corner: { type: 'string', default: 'busy-staging' },
      set: { type: 'string', multiple: true },
      seed: { type: 'string', default: '1' },
      'base-url': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const runs = Math.max(1, Math.min(1_000, Number(values.runs)));
  const firstSeed = Number(values.seed);
  const corner = values.corner;
  if (!(corner in corners)) throw new Error(`unknown --corner "${corner}"; known: ${Object.keys(corners).join(', ')}`);
  const external = values['base-url'];
  const choices = { ...corners[corner], ...knobs(values.set ?? []) };
  console.log(
    external
      ? `soak: ${runs} runs against ${external}`
      : `soak: ${runs} runs against the embedded reference at corner ${corner} ${JSON.stringify(choices)}`,
  );
  const outcomes: RunOutcome[] = [];
  for (let i = 0; i < runs; i += 1) {
    // A fresh reference per run, as a fresh staging day would be: the other writer's banks do not pile up across runs.
    const reference: RunningReference | undefined = external
      ? undefined
      : await startReference({ variation: choices, seed: firstSeed + i });
    try {
      const target = reference ? targetArgs(reference) : ['--base-url', external as string];
      const env = reference
        ? {}
        : Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('CONFORMANCE_')) as [string, string][]);
      const run = await runCli([...target, '--seed', String(firstSeed + i)], { env, timeoutMs: 600_000 });
      const checks = run.results?.checks ?? [];
      const outcome: RunOutcome = {
        code: run.code,
        seconds: Math.round(run.durationMs / 100) / 10,
        failing: checks.filter((c) => c.outcome === 'fail').map((c) => c.id),
        inconclusive: checks.filter((c) => c.outcome === 'inconclusive').map((c) => c.id),
      };
      if (run.code === 2 && outcome.inconclusive.length === 0)
        outcome.inconclusive.push(`(could not run: ${run.stderr.trim().split('\n').pop() ?? ''})`);
      outcomes.push(outcome);
      const word = run.code === 0 ? 'conformant' : run.code === 1 ? 'FAILED' : 'undecided';
      console.log(
        `run ${i + 1}/${runs} seed ${firstSeed + i}: ${word} in ${outcome.seconds} s` +
          (outcome.failing.length ? `; failing ${outcome.failing.join(', ')}` : '') +
          (outcome.inconclusive.length ? `; inconclusive ${outcome.inconclusive.join(', ')}` : ''),
      );
    } finally {
      await reference?.close();
    }
  }
  const decided = outcomes.filter((o) => o.code === 0 || o.code === 1).length;
  const passed = outcomes.filter((o) => o.code === 0).length;
  const failed = outcomes.filter((o) => o.code === 1).length;
  const times = outcomes.map((o) => o.seconds).sort((x, y) => x - y);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log('');
  console.log(
    `decided ${decided}/${runs}, passed ${passed}, failed ${failed}; run time min ${times[0]} s, median ${median} s, max ${times[times.length - 1]} s`,
  );
  const failures = countBy(outcomes.map((o) => o.failing));
  const undecided = countBy(outcomes.map((o) => o.inconclusive));
  if (failures.length)
    console.log(
      `${external ? 'failing checks' : 'false failures (the reference is conformant)'}: ${failures.map(([id, n]) => `${id} x${n}`).join(', ')}`,
    );
  if (undecided.length) console.log(`inconclusive checks: ${undecided.map(([id, n]) => `${id} x${n}`).join(', ')}`);
  if (external) return 0;
  return decided === runs && failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`soak: ${(error as Error).message}`);
    process.exit(2);
  },
);
