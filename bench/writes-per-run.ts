/**
 * Writes of a default run against a User of its own (issue 55): the first run, which also adds the
 * paging data an empty User lacks, and the one after it on the same reference, which is what every
 * later gate adds to a long-lived staging User.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReference } from '../src/lab/server.js';
import { cliRunAgainst } from './suite-run.js';

export interface WritesPerRun {
  first: number;
  later: number;
  /** Exit codes of the two runs (a run that did not finish decides nothing about its writes). */
  exitCodes: (number | null)[];
}

/** Caller A's fixture User that holds no User Bank (src/lab/fixtures.ts: its third). */
const EMPTY_USER = 2;

export async function writesPerRun(): Promise<WritesPerRun> {
  const reference = await startReference({});
  try {
    const user = reference.callers.a.userIds[EMPTY_USER] as string;
    const once = async (): Promise<{ created: number; exitCode: number | null }> => {
      const { exitCode, results } = await cliRunAgainst(reference, [user], mkdtempSync(join(tmpdir(), 'blc-writes-')));
      return { created: results.created.length, exitCode };
    };
    const first = await once();
    const later = await once();
    return { first: first.created, later: later.created, exitCodes: [first.exitCode, later.exitCode] };
  } finally {
    await reference.close();
  }
}
