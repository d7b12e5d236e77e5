/**
 * npm run faults-at-corner [-- --corner growing-newest-first] [--extra-banks 10000] [--family lists] [--only a,b] [--seed N]
 *
 * Whether the faults of a family are still caught at a corner of the staging envelope with a list
 * grown to a size: the judgement of walks on what existed throughout (issue 57) must excuse another
 * writer's banks, never a fault. Each fault gets a fresh reference at the corner, holding the extra
 * User Banks, and a run of the suite file of the check aimed at it (as the fault matrix runs it); a
 * fault counts as caught only when that run is decided (scripts/decided-run.ts) and its aimed check
 * fails. A run that could not decide is said as such, never counted as caught or missed. Writes
 * reports/faults-at-corner.json; exit 1 when a fault was missed or undecided. Minutes: not in npm test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packageRoot } from '../src/core/paths.js';
import { listCompletenessFaults } from '../src/lab/faults/lists-completeness.js';
import { listsFaults } from '../src/lab/faults/lists.js';
import type { FaultName } from '../src/lab/faults/index.js';
import { startReference } from '../src/lab/server.js';
import { envelopeCorners, type EnvelopeCorner } from '../src/lab/staging-envelope.js';
import { freshBundles } from '../test/support/cli-bundle.js';
import { runCli, targetArgs } from '../test/support/run-cli.js';
import { shardOfCheck } from '../test/support/shard-of-check.js';
import { decidedRun } from './decided-run.js';

const families: Record<string, readonly { name: string; caughtBy: string }[]> = {
  lists: [...listsFaults, ...listCompletenessFaults],
};

const HELP = `npm run faults-at-corner -- [options]
  --corner NAME      a corner of the staging envelope (default growing-newest-first): ${Object.keys(envelopeCorners).join(', ')}
  --extra-banks N    User Banks the caller's first User holds before each run (default 10000)
  --family NAME      the faults to switch on, one at a time (default lists): ${Object.keys(families).join(', ')}
  --only A,B         only these faults of the family
  --seed N           the runs' seed (default 1)
  --help             this text`;

interface FaultOutcome {
  fault: string;
  caughtBy: string;
  outcome: 'caught' | 'missed' | 'undecided';
  detail: string;
  seconds: number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      corner: { type: 'string', default: 'growing-newest-first' },
      'extra-banks': { type: 'string', default: '10000' },
      family: { type: 'string', default: 'lists' },
      seed: { type: 'string', default: '1' },
      only: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const corner = values.corner as EnvelopeCorner;
  if (!(corner in envelopeCorners)) throw new Error(`unknown --corner "${corner}"; known: ${Object.keys(envelopeCorners).join(', ')}`);
  const whole = families[values.family];
  if (whole === undefined) throw new Error(`unknown --family "${values.family}"; known: ${Object.keys(families).join(', ')}`);
  const only = values.only?.split(',').map((name) => name.trim());
  const family = only === undefined ? whole : whole.filter((fault) => only.includes(fault.name));
  if (family.length === 0) throw new Error(`--only names no fault of ${values.family}: ${whole.map((f) => f.name).join(', ')}`);
  const extraBanks = Math.max(0, Math.min(1_000_000, Number(values['extra-banks']) || 0));
  const seed = Number(values.seed);
  await freshBundles();
  console.log(
    `faults-at-corner: ${family.length} faults of ${values.family}, one at a time, at ${corner} with ${extraBanks} extra User Banks`,
  );
  const outcomes: FaultOutcome[] = [];
  for (const fault of family) {
    const reference = await startReference({
      variation: envelopeCorners[corner],
      faults: [fault.name as FaultName],
      seed,
      extraBanks,
    });
    try {
      const shard = await shardOfCheck(fault.caughtBy);
      const { decision, run } = await decidedRun(() =>
        runCli([...targetArgs(reference), '--seed', String(seed), ...shard], { timeoutMs: 600_000 }),
      );
      const seconds = Math.round(run.durationMs / 100) / 10;
      const outcome: FaultOutcome = decision.decided
        ? decision.failing.includes(fault.caughtBy)
          ? { fault: fault.name, caughtBy: fault.caughtBy, outcome: 'caught', detail: `failing ${decision.failing.join(', ')}`, seconds }
          : {
              fault: fault.name,
              caughtBy: fault.caughtBy,
              outcome: 'missed',
              detail: decision.failing.length ? `failing ${decision.failing.join(', ')}` : 'conformant',
              seconds,
            }
        : {
            fault: fault.name,
            caughtBy: fault.caughtBy,
            outcome: 'undecided',
            detail: `${decision.why}: ${decision.detail.join('; ').slice(0, 300)}`,
            seconds,
          };
      outcomes.push(outcome);
      console.log(`${outcome.outcome.padEnd(9)} ${fault.name} (aimed: ${fault.caughtBy}) in ${seconds} s: ${outcome.detail}`);
    } finally {
      await reference.close();
    }
  }
  const count = (o: FaultOutcome['outcome']): number => outcomes.filter((x) => x.outcome === o).length;
  console.log(`\ncaught ${count('caught')} of ${outcomes.length}, missed ${count('missed')}, undecided ${count('undecided')}`);
  const outDir = join(packageRoot, 'reports');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, 'faults-at-corner.json'),
    JSON.stringify({ corner, extraBanks, family: values.family, seed, outcomes }, null, 2),
  );
  return count('caught') === outcomes.length ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`faults-at-corner: ${(error as Error).message}`);
    process.exit(2);
  },
);
