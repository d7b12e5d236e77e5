/**
 * CI-native output under GitHub Actions (issue 55 item 4), run for real: the CLI as a child process
 * with GITHUB_ACTIONS=true and GITHUB_STEP_SUMMARY naming a temp file, against the embedded
 * reference, a reference with a fault, and a run its preflight stops. The summary file and the
 * workflow commands on stdout are read back as GitHub would read them.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { FIXTURE_TOKENS } from '../../src/lab/fixtures.js';
import { startReference } from '../../src/lab/server.js';
import { runCli } from '../support/run-cli.js';
import { targetEnv } from '../support/target-env.js';

/** A step's environment under GitHub Actions: the runner's two variables, the summary file empty. */
function githubStep(): { env: Record<string, string>; summaryFile: string } {
  const summaryFile = join(mkdtempSync(join(tmpdir(), 'blc-gha-')), 'step-summary.md');
  return { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile }, summaryFile };
}

/** The workflow commands a step printed, as the runner finds them: lines that start with `::`. */
const commandsIn = (stdout: string): string[] => stdout.split('\n').filter((line) => line.startsWith('::'));

describe.concurrent('under GitHub Actions: a step summary and one annotation a failing check', () => {
  test('the embedded reference: CONFORMANT in the summary with its counts and writes, no ::error, no token', async () => {
    const step = githubStep();
    const run = await runCli(['--seed', '5', '--runs', '3'], { env: step.env });
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const summary = readFileSync(step.summaryFile, 'utf8');
    expect(summary).toContain('## banklink-conformance: CONFORMANT');
    const s = run.results?.summary;
    expect(summary).toContain(`| ${s?.pass} | 0 | ${s?.warn} | ${s?.skip} | 0 | ${s?.total} |`);
    // The footprint: what the run wrote, as results.json counts it.
    expect(summary).toContain(`- Writes made: created ${run.results?.created.length} resource(s)`);
    expect(summary).toContain('`created.json` lists each with its caller, User and check');
    expect(commandsIn(run.stdout).filter((line) => line.startsWith('::error'))).toEqual([]);
    for (const token of Object.values(FIXTURE_TOKENS)) {
      expect(summary).not.toContain(token);
      expect(run.stdout).not.toContain(token);
    }
  });

  test('a reference with a fault: NON-CONFORMANT, the failing check with its headline and curl line, its ::error names it', async () => {
    const reference = await startReference({ faults: ['bank-boolean-as-string'] });
    try {
      const step = githubStep();
      const run = await runCli(['--seed', '5', '--runs', '3'], { env: { ...targetEnv(reference), ...step.env } });
      expect(run.code, run.stderr + run.stdout).toBe(1);
      const failing = run.results?.checks.find((c) => c.outcome === 'fail');
      expect(failing?.id).toBe('user-banks.list.schema');

      const summary = readFileSync(step.summaryFile, 'utf8');
      expect(summary).toContain('## banklink-conformance: NON-CONFORMANT');
      expect(summary).toContain('### Failing checks');
      expect(summary).toContain('- **`user-banks.list.schema`** (`list_user_banks.response`, MUST, 4.2 List User Banks): expected ');
      expect(summary).toMatch(/Reproduce with:\n\n {2}```sh\n {2}curl .*\$CONFORMANCE_TOKEN/);
      expect(summary).toContain('### Footprint on the target');
      expect(summary).toMatch(/- Requests sent: \d+/);
      // The replay line, without a token: the tokens come from the environment.
      expect(summary).toMatch(/^Replay: `.* --base-url \S+ .*--seed 5 --runs 3`/m);

      // One annotation a failing check, each on one line, its title naming the check.
      const errors = commandsIn(run.stdout).filter((line) => line.startsWith('::error'));
      expect(errors).toHaveLength(run.results?.summary.fail ?? -1);
      const annotation = errors.find((line) => line.startsWith('::error title=FAIL user-banks.list.schema::'));
      expect(annotation, run.stdout).toBeDefined();
      // Its message's lines are joined by the escaped newline the runner turns back into one.
      expect(annotation).toContain('%0Arequirement list_user_banks.response (MUST), 4.2 List User Banks%0A');
      expect(annotation).toContain('%0AReproduce with: curl ');
      expect(annotation).toContain('$CONFORMANCE_TOKEN');
      const warnings = commandsIn(run.stdout).filter((line) => line.startsWith('::warning'));
      expect(warnings).toHaveLength(run.results?.summary.warn ?? -1);

      for (const token of [reference.callers.a.token, reference.callers.b.token]) {
        expect(summary).not.toContain(token);
        expect(run.stdout).not.toContain(token);
      }
    } finally {
      await reference.close();
    }
  });

  test('a run its preflight stops: COULD NOT RUN and why, nothing judged, no write claimed, one ::error, no token', async () => {
    const reference = await startReference({});
    try {
      const step = githubStep();
      const wrongToken = 'not-the-right-token-5512';
      const run = await runCli([], { env: { ...targetEnv(reference), CONFORMANCE_TOKEN: wrongToken, ...step.env } });
      expect(run.code, run.stderr + run.stdout).toBe(2);
      const summary = readFileSync(step.summaryFile, 'utf8');
      expect(summary).toContain('## banklink-conformance: COULD NOT RUN');
      expect(summary).toContain('**Why there is no verdict:** the target refused CONFORMANCE_TOKEN in the environment with 401');
      expect(summary).toContain('No check ended: nothing about the target was judged.');
      expect(summary).toContain('- Writes made: none recorded before the run stopped');
      expect(summary).not.toContain('CONFORMANT\n');
      const commands = commandsIn(run.stdout);
      expect(commands).toHaveLength(1);
      expect(commands[0]).toMatch(/^::error title=banklink-conformance COULD NOT RUN::the target refused CONFORMANCE_TOKEN/);
      for (const token of [wrongToken, reference.callers.a.token, reference.callers.b.token]) {
        expect(summary).not.toContain(token);
        expect(run.stdout).not.toContain(token);
      }
    } finally {
      await reference.close();
    }
  });
});
