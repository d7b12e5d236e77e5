/**
 * `npx tsx bench/year-of-gates.ts`: the two rows of issue 55's cost goal alone (they are also in
 * `npm run bench`): the full default run against a fresh User and against a User holding a year of
 * gates' User Banks, both 30 ms away, with the checks that sent the most requests in turn.
 */
import { loadavg } from 'node:os';
import { suiteRun } from './suite-run.js';

const extra = Number(process.argv[2] ?? 400_000);
const only = process.argv[3];
const log = (line: string): void => console.error(`year-of-gates: ${line} (load ${loadavg()[0]?.toFixed(1)})`);
const show = (name: string, run: Awaited<ReturnType<typeof suiteRun>>): void =>
  console.log(
    JSON.stringify({
      name,
      seconds: Math.round(run.seconds * 100) / 100,
      requests: run.requests,
      verdict: run.verdict,
      exitCode: run.exitCode,
      undecided: run.undecided,
      created: run.created,
      chains: run.chains?.checks.map((c) => `${c.check} ${c.chained}/${c.requests} ${c.seconds}s`),
    }),
  );
if (only !== 'year') {
  log('fresh User, 30 ms');
  show('freshAt30ms', await suiteRun({ latencyMs: 30, chains: true }));
}
if (only === 'spread') {
  log(`${extra} User Banks on the first User, --user-id naming it and the second, 30 ms`);
  show('yearOfGatesSpread', await suiteRun({ latencyMs: 30, extraBanks: extra, chains: true, timeoutMs: 900_000, userIndexes: [0, 1] }));
} else if (only !== 'fresh') {
  log(`${extra} User Banks, 30 ms`);
  show('yearOfGates', await suiteRun({ latencyMs: 30, extraBanks: extra, chains: true, timeoutMs: 900_000 }));
}
