/**
 * What a measuring script (blind, soak) may conclude from one CLI run. A run is decided only on
 * evidence: the process ended by itself with exit 0 or 1, wrote results.json, and that file's
 * verdict is the one the exit code stands for. A crash (any exit without that file, or with a file
 * that contradicts the exit code), a time-out or a kill is undecided, never a verdict: a CLI that
 * cannot even start exits 1 too, and would otherwise read as "the server failed".
 */
import type { CliRun } from '../test/support/run-cli.js';

export type RunDecision =
  | { decided: true; verdict: 'conformant' | 'non-conformant'; failing: string[]; warnings: string[] }
  | { decided: false; why: 'crashed' | 'timed out' | 'inconclusive' | 'could not run' | 'interrupted'; detail: string[] };

const lastLine = (text: string): string => text.trim().split('\n').pop() ?? '';

export function decideRun(run: CliRun): RunDecision {
  if (run.code === null) return { decided: false, why: 'timed out', detail: [`killed after ${Math.round(run.durationMs / 1000)} s`] };
  const results = run.results;
  if (results === undefined)
    return { decided: false, why: 'crashed', detail: [`exit ${run.code} without results.json: ${lastLine(run.stderr)}`] };
  const checks = results.checks;
  const ids = (outcome: string): string[] => checks.filter((c) => c.outcome === outcome).map((c) => c.id);
  const stands = { 0: 'conformant', 1: 'non-conformant' }[run.code as 0 | 1];
  if (stands !== undefined && results.verdict === stands)
    return { decided: true, verdict: stands as 'conformant' | 'non-conformant', failing: ids('fail'), warnings: ids('warn') };
  if (
    [2, 129, 130, 143].includes(run.code) &&
    (results.verdict === 'inconclusive' || results.verdict === 'could-not-run' || results.verdict === 'interrupted')
  ) {
    const inconclusive = checks.filter((c) => c.outcome === 'inconclusive').map((c) => `${c.id}: ${c.message.slice(0, 200)}`);
    const why = results.verdict === 'inconclusive' ? 'inconclusive' : results.verdict === 'interrupted' ? 'interrupted' : 'could not run';
    return {
      decided: false,
      why,
      detail: inconclusive.length > 0 ? inconclusive : [...results.errors.slice(0, 3), lastLine(run.stderr)].filter(Boolean),
    };
  }
  return { decided: false, why: 'crashed', detail: [`exit ${run.code} but results.json says ${results.verdict}: ${lastLine(run.stderr)}`] };
}

/**
 * One run through `start`, decided. A CLI that cannot even be started (a bundle whose sources
 * changed during the measurement, a spawn error) is a crash of the instrument for that run, never a
 * verdict on the target and never the end of the whole measurement.
 */
export async function decidedRun(start: () => Promise<CliRun>): Promise<{ decision: RunDecision; run: CliRun }> {
  const began = Date.now();
  try {
    const run = await start();
    return { decision: decideRun(run), run };
  } catch (error) {
    const message = (error as Error)?.message ?? String(error);
    return {
      decision: { decided: false, why: 'crashed', detail: [`the CLI could not be started: ${message}`] },
      run: { code: null, stdout: '', stderr: message, reportDir: '', durationMs: Date.now() - began },
    };
  }
}
