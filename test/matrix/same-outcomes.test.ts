/**
 * The same server, the same outcomes (issue 56): a certificate whose warnings depend on the seed is
 * not evidence. On the reference and on two variations that take other choices where the spec is
 * silent (one accepts what the reference refuses and answers 200, one refuses more and answers 422),
 * every check's outcome, warns included, is the same for several seeds; only the values drawn differ.
 */
import { describe, expect, test } from 'vitest';
import { startReference } from '../../src/lab/server.js';
import { targetArgs } from '../support/run-cli.js';
import { InProcessRuns } from '../support/in-process-runs.js';

const pool = new InProcessRuns(3);
const SEEDS = ['7', '1234', '987654321'];

describe.concurrent('every check gives the same outcome on every seed', () => {
  for (const variation of ['baseline', 'lenient-capped', 'create-200-digits-422']) {
    test(`variation ${variation}`, async () => {
      const reference = await startReference({ variation });
      try {
        // One after another, as a gate runs on every deploy: the server keeps what each run wrote.
        const outcomes: Map<string, string>[] = [];
        for (const seed of SEEDS) {
          const run = await pool.run([...targetArgs(reference), '--seed', seed]);
          expect(run.results?.verdict, run.stdout).toBe('conformant');
          outcomes.push(new Map((run.results?.checks ?? []).map((c) => [c.id, c.outcome])));
        }
        const [first, ...others] = outcomes as [Map<string, string>, ...Map<string, string>[]];
        expect(first.size).toBeGreaterThan(50);
        for (const [i, other] of others.entries()) {
          const differing = [...first].filter(([id, outcome]) => other.get(id) !== outcome);
          expect(
            differing.map(([id, outcome]) => `${id}: ${outcome} on seed ${SEEDS[0]}, ${other.get(id)} on seed ${SEEDS[i + 1]}`),
          ).toEqual([]);
        }
      } finally {
        await reference.close();
      }
    });
  }
});
