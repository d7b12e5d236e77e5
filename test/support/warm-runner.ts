/**
 * A process that makes conformance runs on request (src/runner/warm-runs.ts), for the matrix tests:
 * one JSON line in on stdin ({id, argv, env}), one JSON line out on stdout ({id, code, stdout,
 * reportDir} or {id, error}). Runs are made one at a time. Started by test/support/warm-pool.ts.
 */
import { createInterface } from 'node:readline';
import { WarmRuns } from '../../src/runner/warm-runs.js';

interface Job {
  id: number;
  argv: string[];
  env: Record<string, string>;
}

const runs = new WarmRuns();
const answer = (line: object): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};

// Anything else the run prints (a stray console.log) goes to stderr, so stdout stays one JSON line per job.
console.log = (...args: unknown[]) => console.error(...args);

let queue = Promise.resolve();
createInterface({ input: process.stdin })
  .on('line', (line) => {
    const job = JSON.parse(line) as Job;
    queue = queue.then(async () => {
      try {
        const run = await runs.run(job.argv, job.env);
        answer({ id: job.id, code: run.code, stdout: run.stdout, reportDir: run.reportDir });
      } catch (error) {
        answer({ id: job.id, error: (error as Error).stack ?? String(error) });
      }
    });
  })
  .on('close', () => {
    void queue.then(() => runs.close()).finally(() => process.exit(0));
  });
