/**
 * The run's outputs are checked before the first request, and what it creates is journaled as it is
 * created: run for real against a reference on 127.0.0.1.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import { validate } from '../../src/contract/schema/validator.js';
import { startReference, type RunningReference } from '../../src/lab/server.js';
import { runCli } from '../support/run-cli.js';

/** Each test has its own reference: the runs write, and one counts requests. */
async function withReference(body: (reference: RunningReference) => Promise<void>): Promise<void> {
  const reference = await startReference({});
  try {
    await body(reference);
  } finally {
    await reference.close();
  }
}

const env = (r: RunningReference): Record<string, string> => ({
  CONFORMANCE_BASE_URL: r.url,
  CONFORMANCE_TOKEN: r.callers.a.token,
  CONFORMANCE_USER_ID: r.callers.a.userIds[0] as string,
});
const requestsSeen = (reference: RunningReference): number => Object.values(reference.requestCounts).reduce((a, b) => a + b, 0);
const journal = (dir: string): { target: string; created: { resource: string; id: string }[] } | undefined => {
  try {
    return JSON.parse(readFileSync(join(dir, 'created.json'), 'utf8'));
  } catch {
    return undefined;
  }
};

describe.concurrent('outputs', () => {
  test('a --report-dir that is a file: exit 2, one sentence, before any request', () =>
    withReference(async (reference) => {
      const file = join(mkdtempSync(join(tmpdir(), 'blc-file-')), 'reports');
      writeFileSync(file, 'not a directory');
      const run = await runCli(['--report-dir', file], { env: env(reference) });
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(
        `banklink-conformance: --report-dir ${file} cannot hold the reports (a file is in the way): give another --report-dir (CONFORMANCE_REPORT_DIR) or free that path`,
      );
      expect(requestsSeen(reference)).toBe(0);
    }));

  test('created.json is kept current: a run killed half-way still leaves the ids it created', () =>
    withReference(async (reference) => {
      const dir = mkdtempSync(join(tmpdir(), 'blc-journal-'));
      const abort = new AbortController();
      const running = runCli(['--report-dir', dir, '--seed', '3'], { env: env(reference), abort: abort.signal, timeoutMs: 200_000 });
      // Bounded wait for the first creation, then kill the run as a cancelled CI job would.
      let finished = false;
      void running.then(() => (finished = true));
      for (let i = 0; i < 600 && !finished && (journal(dir)?.created.length ?? 0) === 0; i += 1)
        await new Promise((r) => setTimeout(r, 250));
      abort.abort();
      const run = await running;
      // Killed before it could write its own: the reports say so, never an earlier verdict.
      expect(run.results?.verdict).toBe('interrupted');
      expect(run.results?.errors[0]).toMatch(/has not ended/);
      const created = journal(dir)?.created ?? [];
      expect(created.length).toBeGreaterThan(0);
      const stored = new Set(reference.state.callers.flatMap((c) => c.banks.map((b) => b.id)));
      for (const entry of created) {
        expect(entry.resource).toBe('user_bank');
        expect(stored.has(entry.id), `${entry.id} is on the target`).toBe(true);
      }
    }));

  test('a whole run: created.json lists exactly what results.json created[] lists, each with its caller, User and check', () =>
    withReference(async (reference) => {
      const run = await runCli(['--seed', '5', '--runs', '3'], { env: env(reference) });
      expect(run.code, run.stderr + run.stdout).toBe(0);
      expect(existsSync(join(run.reportDir, 'created.json'))).toBe(true);
      const journaled = journal(run.reportDir)
        ?.created.map((c) => c.id)
        .sort();
      expect(journaled).toEqual(run.results?.created.map((c) => c.id).sort());
      expect(journaled?.length).toBeGreaterThan(0);
      expect(journal(run.reportDir)?.target).toBe(reference.url);
      // The console names the file among the reports, and says what it holds.
      expect(run.stdout).toMatch(/^reports: .*created\.json/m);
      expect(run.stdout).toContain('created.json lists each with its caller, User and check');

      // Issue 56: each entry says whose it is, enough to clean a sandbox by hand (schemas/created.schema.json).
      const file = JSON.parse(readFileSync(join(run.reportDir, 'created.json'), 'utf8')) as {
        created: { id: string; caller: string; user_id: string | null; check: string | null }[];
      };
      expect(validate('created', file)).toEqual([]);
      const checkIds = new Set<string>(checks.map((c) => c.id));
      // Where the reference stored each bank, and for which User: the entry must name the same.
      const stored = new Map(
        reference.state.callers.flatMap((c) => c.banks.map((b) => [b.id, { caller: c.token, userId: b.user_id }] as const)),
      );
      for (const entry of file.created) {
        expect(entry.caller, entry.id).toBe('a');
        expect(entry.user_id, entry.id).toBe(stored.get(entry.id)?.userId);
        expect(stored.get(entry.id)?.caller, entry.id).toBe(reference.callers.a.token);
        expect(checkIds.has(entry.check ?? ''), `${entry.check} is a check id`).toBe(true);
      }
      // results.json created[] names the same owners as created.json, resource by resource.
      const owners = new Map(file.created.map((c) => [c.id, { caller: c.caller, user_id: c.user_id, check: c.check }]));
      for (const entry of run.results?.created ?? [])
        expect({ caller: entry.caller, user_id: entry.user_id, check: entry.check }, entry.id).toEqual(owners.get(entry.id));
      // The caller is named by letter: no token is in the file.
      const text = readFileSync(join(run.reportDir, 'created.json'), 'utf8');
      expect(text).not.toContain(reference.callers.a.token);
      expect(text).not.toContain(reference.callers.b.token);
    }));
});
