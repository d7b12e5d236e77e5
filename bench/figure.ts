/**
 * One figure of `npm run bench` alone, for before/after pairs in the same conditions:
 * `npx tsx bench/figure.ts embedded|local|at50|throttled [repeats]`. Prints one JSON line a run with the
 * load average beside it.
 */
import { loadavg } from 'node:os';
import { embeddedRun } from './embedded-run.js';
import { suiteRun } from './suite-run.js';

const runs = {
  embedded: () => embeddedRun(),
  local: () => suiteRun({ latencyMs: 0 }),
  at50: () => suiteRun({ latencyMs: 50, chains: true }),
  throttled: () => suiteRun({ latencyMs: 0, variation: 'throttled-100' }),
} as const;
const name = (process.argv[2] ?? 'local') as keyof typeof runs;
const repeats = Number(process.argv[3] ?? 1);
if (!(name in runs)) throw new Error(`unknown figure ${name}: one of ${Object.keys(runs).join(', ')}`);
for (let i = 0; i < repeats; i += 1) {
  const load = loadavg()[0] ?? 0;
  const run = await runs[name]();
  console.log(
    JSON.stringify({
      figure: name,
      seconds: Math.round(run.seconds * 100) / 100,
      requests: run.requests,
      verdict: run.verdict,
      exitCode: run.exitCode,
      load: [Math.round(load * 10) / 10, Math.round((loadavg()[0] ?? 0) * 10) / 10],
      ...(run.chains ? { chains: run.chains } : {}),
      ...(name === 'throttled' && run.traffic ? { traffic: run.traffic } : {}),
    }),
  );
}
