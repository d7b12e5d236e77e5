/**
 * Joins the results.json of several shards (`--shard i/n`) into the results of one whole run. A
 * check found in several shards (the run-wide HTTP checks run in each) keeps its worst outcome with
 * that shard's evidence; counts, requirement outcomes and the verdict are recomputed by the same
 * buildResults as a single run, so a merged verdict can never disagree with an unsharded one.
 */
import { checks as registeredChecks } from '../../contract/checks/registry.js';
import type { CheckResult, CreatedResource } from '../../contract/checks/types.js';
import { buildResults, worstOutcome, type CheckRecord, type Results } from '../results.js';

export class MergeError extends Error {}

/** A results.json check turned back into what a check left for the reporter. */
function asCheckResult(record: CheckRecord, created: CreatedResource[]): CheckResult {
  return {
    id: record.id,
    outcome: record.outcome,
    message: record.message,
    findings: record.findings ?? [],
    exchanges: record.exchanges ?? [],
    exchangeCount: record.exchangeCount ?? 0,
    created,
    durationMs: record.durationMs ?? 0,
  };
}

export function mergeResults(parts: readonly Results[]): Results {
  if (parts.length === 0) throw new MergeError('nothing to merge: give the report directories of the shards');
  const known = new Set<string>(registeredChecks.map((c) => c.id));
  const worst = new Map<string, CheckRecord>();
  for (const part of parts) {
    const unknown = part.checks.find((c) => !known.has(c.id));
    if (unknown)
      throw new MergeError(
        `a shard ran check "${unknown.id}", which this version of the suite does not know (the shard ran ${part.suiteVersion}); merge with the version that ran the shards`,
      );
    for (const check of part.checks) {
      const seen = worst.get(check.id);
      const isWorse = seen !== undefined && check.outcome !== seen.outcome && worstOutcome([seen.outcome, check.outcome]) === check.outcome;
      if (seen === undefined || isWorse) worst.set(check.id, check);
    }
  }

  // created[] lists every shard's writes: each shard wrote on its own (with embedded references,
  // on its own server, where the same seeded ids may recur), so nothing is merged away.
  const createdBy = (id: string): CreatedResource[] =>
    parts.flatMap((p) => p.created.filter((c) => c.check === id).map(({ resource, id: createdId }) => ({ resource, id: createdId })));

  // A check that crashed left its error in the shard's errors[] already; they carry over as they are.
  const errors = [...new Set(parts.flatMap((p) => p.errors ?? []))];
  // A shard that is missing (a lost artifact) must not pass for a whole run: the verdict says so.
  const missing = registeredChecks.filter((c) => !worst.has(c.id)).map((c) => c.id);
  if (missing.length > 0) errors.push(`${missing.length} check(s) ran in no shard (is a shard missing?): ${missing.join(', ')}`);
  const started = Math.min(...parts.map((p) => Date.parse(p.startedAt)));
  const ended = Math.max(...parts.map((p) => Date.parse(p.startedAt) + p.durationMs));
  const first = parts[0] as Results;
  // The grammars were explored by the shard that ran the robustness checks; the merged run covered what it covered.
  const grammars = parts.find((p) => p.grammars !== undefined)?.grammars;
  const merged = buildResults({
    target: { ...first.target, embedded: parts.every((p) => p.target.embedded) },
    startedAt: new Date(started),
    durationMs: ended - started,
    seed: first.seed,
    runs: first.runs,
    readOnly: parts.some((p) => p.readOnly),
    ...(first.maxWrites !== undefined ? { maxWrites: first.maxWrites } : {}),
    strict: parts.some((p) => p.strict),
    // One shard's unmasked evidence is in the merged report: it says so as that shard's did.
    ...(parts.some((p) => p.unmaskedEvidence) ? { unmaskedEvidence: true as const } : {}),
    ...(first.skippedAreas ? { skippedAreas: first.skippedAreas } : {}),
    checkResults: [...worst.values()].map((record) => asCheckResult(record, createdBy(record.id))),
    errors,
  });
  return grammars !== undefined ? { ...merged, grammars } : merged;
}

/** Sentences about the shards that a person merging them should know (not errors: the verdict stands). */
export function mergeNotes(parts: readonly Results[]): string[] {
  const notes: string[] = [];
  // The digest when the shards recorded one (older results.json did not): the same version can hold other code.
  const versions = new Set(parts.map((p) => `${p.suiteVersion} ${p.suite?.digest ?? ''} ${p.specHash}`));
  if (versions.size > 1) notes.push('the shards ran different suite versions or specs; their verdicts may not add up');
  const seeds = new Set(parts.map((p) => p.seed));
  if (seeds.size > 1)
    notes.push(`the shards ran with different seeds (${[...seeds].join(', ')}); pass the same --seed to every shard to replay a run`);
  const targets = new Set(parts.map((p) => p.target.baseUrl));
  if (targets.size > 1 && !parts.every((p) => p.target.embedded))
    notes.push(`the shards tested different targets: ${[...targets].join(', ')}`);
  return notes;
}
