/**
 * Findings that reproduce (issue 56 item 2), run for real against references with a fault on
 * 127.0.0.1: a finding about a walk gives a replay command for its check, which, run as printed, fails
 * the same check again, and the HAR entries between its first and last exchange; a defect that shows
 * on some of several identical requests is counted as such ("N of M").
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FaultName } from '../../src/lab/faults/index.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import type { Har } from '../../src/results/report/har.js';
import type { Results } from '../../src/results/results.js';
import { runCli } from '../support/run-cli.js';
import { targetEnv } from '../support/target-env.js';

/** The CLI's own arguments of a printed command line: everything from its first option on. */
function optionsOf(command: string): string[] {
  const words = command.split(' ');
  return words.slice(words.findIndex((w) => w.startsWith('--') && w.length > 2));
}

/** The command in the first fenced block after a line starting with `heading`. */
function blockAfter(markdown: string, heading: string): string | undefined {
  const lines = markdown.split('\n');
  const at = lines.findIndex((line) => line.startsWith(heading));
  if (at < 0) return undefined;
  const open = lines.findIndex((line, i) => i > at && line.startsWith('```'));
  return lines[open + 1];
}

describe.concurrent('a finding reproduces', () => {
  let skipping: RunningReference;
  let replica: RunningReference;
  beforeAll(async () => {
    [skipping, replica] = await Promise.all([
      startReference({ faults: ['page-boundary-skip'] }),
      startReference({ faults: ['user-replica-on-old-build'] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([skipping?.close(), replica?.close()]);
  });

  test('a walk finding: its check replayed as printed fails again, its HAR entries lie between first and last', async () => {
    const run = await runCli(['--seed', '7', '--runs', '5', '--settle-ms', '0'], { env: targetEnv(skipping) });
    expect(run.code, run.stderr + run.stdout).toBe(1);
    const failing = run.results?.checks.find((c) => c.outcome === 'fail' && c.id.startsWith('pagination.'));
    expect(failing, run.stdout).toBeDefined();
    const id = failing?.id as string;

    const report = readFileSync(join(run.reportDir, 'report.md'), 'utf8');
    const section = report.slice(report.indexOf(`### FAIL \`${id}\``));
    const command = blockAfter(section, 'Replay this check again, with the same seed');
    expect(command, section.slice(0, 3_000)).toMatch(new RegExp(`--seed 7 --runs 5 .*--check ${id.replace(/\./g, '\\.')}$`));
    expect(command).not.toContain(skipping.callers.a.token);

    // The entries the report names are the check's: each one the check sent lies between first and last.
    const span = failing?.span as { first: number; last: number };
    expect(span.first).toBeLessThanOrEqual(span.last);
    expect(section).toContain(`HAR entries ${span.first} to ${span.last} in traffic.har`);
    const har = JSON.parse(readFileSync(join(run.reportDir, 'traffic.har'), 'utf8')) as Har;
    const own = har.log.entries.filter((e) => e.comment?.includes(`sent by ${id}`)).map((e) => e._id);
    expect(own.length).toBeGreaterThan(0);
    for (const seq of own) expect(seq >= span.first && seq <= span.last, `entry ${seq}`).toBe(true);

    // Run as printed (the tokens from the environment, as its note says) in the directory of the
    // first run: the same check fails again, alone, and its reports go beside the first run's, not over them.
    const cwd = mkdtempSync(join(tmpdir(), 'blc-replay-'));
    const replayed = await runCli(optionsOf(command as string), { env: targetEnv(skipping), cwd });
    expect(replayed.code, replayed.stderr + replayed.stdout).toBe(1);
    expect(command).toContain(`--report-dir reports/replay-${id} `);
    const again = JSON.parse(readFileSync(join(cwd, 'reports', `replay-${id}`, 'results.json'), 'utf8')) as Results;
    expect(again.checks.find((c) => c.id === id)?.outcome).toBe('fail');
    expect(again.only).toEqual([id]);
    expect(again.checks.filter((c) => !c.runWide).map((c) => c.id)).toEqual([id]);
  });

  test.for([
    ['user-id-filter-first-page-only', 'pagination.filter.user-id.every-page'],
    ['page-boundary-repeat', 'pagination.traversal.no-duplicates'],
  ])('a finding about page N of a walk (%s): its curl line replays page N, whose answer holds the id it names', async ([fault, check]) => {
    const reference = await startReference({ faults: [fault as FaultName] });
    try {
      const run = await runCli(['--seed', '7', '--runs', '5', '--settle-ms', '0', '--check', check as string], {
        env: targetEnv(reference),
      });
      const record = run.results?.checks.find((c) => c.id === check);
      expect(record?.outcome, run.stdout).toBe('fail');
      const leading = record?.findings.find((f) => f.severity === 'fail');
      const named = /ub_[0-9a-z]+/.exec(leading?.message ?? '')?.[0];
      expect(named, leading?.message).toBeDefined();
      // Past the first page: the walk's last page would be the wrong one to replay.
      expect(leading?.message).toMatch(/page[s]? (\d+ (and|of) )?[2-9]/);
      const har = JSON.parse(readFileSync(join(run.reportDir, 'traffic.har'), 'utf8')) as Har;
      const entry = har.log.entries.find((e) => e._id === leading?.exchange);
      expect(entry?.response.content.text, `HAR entry ${leading?.exchange}`).toContain(named);
      expect(record?.curl[0]).toContain(new URL(entry?.request.url as string).search.replace(/'/g, ''));
    } finally {
      await reference.close();
    }
  });

  test('a defect on every third answer: the finding says on how many of the identical requests, in every format', async () => {
    const run = await runCli(['--seed', '7', '--runs', '5', '--settle-ms', '0'], { env: targetEnv(replica) });
    expect(run.code, run.stderr + run.stdout).toBe(1);
    const audit = run.results?.checks.find((c) => c.id === 'http.every-answer-conforms');
    expect(audit?.outcome).toBe('fail');
    const counted = audit?.findings.filter((f) => f.recurrence !== undefined) ?? [];
    expect(counted.length).toBeGreaterThan(0);
    for (const f of counted) expect(f.recurrence?.times).toBeLessThanOrEqual(f.recurrence?.sent as number);
    // One replica of three: some request was answered well at other times.
    const intermittent = counted.find((f) => (f.recurrence?.times as number) < (f.recurrence?.sent as number));
    expect(intermittent, JSON.stringify(counted.map((f) => f.recurrence))).toBeDefined();
    const { times, sent } = intermittent?.recurrence as { times: number; sent: number };
    const sentence = `intermittent: ${times} of the ${sent} identical requests of the run ${times === 1 ? 'was' : 'were'} answered so`;
    expect(readFileSync(join(run.reportDir, 'report.md'), 'utf8')).toContain(sentence);
    expect(readFileSync(join(run.reportDir, 'junit.xml'), 'utf8')).toContain(`Recurrence: ${sentence}`);
    expect(readFileSync(join(run.reportDir, 'report.html'), 'utf8')).toContain(sentence);
    // A run-wide check is replayed by the whole run, not by --check.
    const report = readFileSync(join(run.reportDir, 'report.md'), 'utf8');
    const section = report.slice(report.indexOf('### FAIL `http.every-answer-conforms`'));
    expect(blockAfter(section, 'Replay the whole run again')).not.toContain('--check');
  });
});
