/**
 * What changed between two runs, check by check: the answer to "what broke since the last green
 * run?" and "what did I fix?". A regression is a check that did not fail in OLD and fails in NEW
 * (a check new to the suite that fails counts too: it did not fail before).
 */
import type { Outcome } from '../../contract/checks/types.js';
import type { CheckRecord, RequirementRecord, Results, Verdict } from '../results.js';
import { growthSince, type ListGrowth } from '../growth.js';

export type ChangeKind = 'regression' | 'fixed' | 'new-warn' | 'newly-undecided' | 'now-pass';

export interface CheckChange {
  kind: ChangeKind;
  id: string;
  area: string;
  title: string;
  requirement: string;
  /** 'absent': the check is not in OLD (a newer suite, another shard). */
  from: Outcome | 'absent';
  to: Outcome;
  /** NEW's message, which says why (or OLD's, for a check that was fixed). */
  message: string;
}

export interface OnlyInOne {
  id: string;
  area: string;
  outcome: Outcome;
}

export interface RequirementChange {
  id: string;
  section: string;
  level: string;
  from: RequirementRecord['outcome'];
  to: RequirementRecord['outcome'];
}

export interface RunIdentity {
  suiteVersion: string;
  specHash?: string;
  startedAt?: string;
  target?: string;
  verdict?: Verdict;
  shard?: string;
}

export interface Comparison {
  old: RunIdentity;
  new: RunIdentity;
  suiteVersionsDiffer: boolean;
  specsDiffer: boolean;
  changes: CheckChange[];
  onlyInOld: OnlyInOne[];
  onlyInNew: OnlyInOne[];
  requirementChanges: RequirementChange[];
  regressions: number;
  unchanged: number;
  /** How the lists walked in both runs grew (growth.ts). */
  growth?: ListGrowth[];
}

const areaOf = (check: Pick<CheckRecord, 'id'> & { area?: string }): string => check.area ?? check.id.split('.')[0] ?? check.id;

/** Each pair of different outcomes falls in exactly one kind; the order of the tests decides. */
export function changeKind(from: Outcome | 'absent', to: Outcome): ChangeKind | undefined {
  if (from === to) return undefined;
  if (to === 'fail') return 'regression';
  if (from === 'fail' || (from === 'warn' && to === 'pass')) return 'fixed';
  if (to === 'warn') return 'new-warn';
  if (to === 'skip' || to === 'inconclusive') return 'newly-undecided';
  return 'now-pass';
}

function identity(run: Results): RunIdentity {
  return {
    suiteVersion: run.suiteVersion,
    ...(run.specHash ? { specHash: run.specHash } : {}),
    ...(run.startedAt ? { startedAt: run.startedAt } : {}),
    ...(run.target?.baseUrl ? { target: run.target.baseUrl } : {}),
    ...(run.verdict ? { verdict: run.verdict } : {}),
    ...(run.shard ? { shard: run.shard } : {}),
  };
}

export function compareRuns(oldRun: Results, newRun: Results): Comparison {
  const before = new Map(oldRun.checks.map((c) => [c.id, c]));
  const after = new Map(newRun.checks.map((c) => [c.id, c]));
  const changes: CheckChange[] = [];
  let unchanged = 0;
  for (const check of newRun.checks) {
    const previous = before.get(check.id);
    const from = previous?.outcome ?? 'absent';
    // A check new to this run is a change only when it fails: otherwise it is listed as only in NEW.
    const kind = previous || check.outcome === 'fail' ? changeKind(from, check.outcome) : undefined;
    if (!kind) {
      if (previous) unchanged += 1;
      continue;
    }
    const message = kind === 'fixed' ? (previous?.message ?? '') : check.message;
    changes.push({
      kind,
      id: check.id,
      area: areaOf(check),
      title: check.title ?? '',
      requirement: check.requirement ?? '',
      from,
      to: check.outcome,
      message: message ?? '',
    });
  }
  const onlyInOld = oldRun.checks.filter((c) => !after.has(c.id)).map((c) => ({ id: c.id, area: areaOf(c), outcome: c.outcome }));
  const onlyInNew = newRun.checks.filter((c) => !before.has(c.id)).map((c) => ({ id: c.id, area: areaOf(c), outcome: c.outcome }));

  const oldRequirements = new Map((oldRun.requirements ?? []).map((r) => [r.id, r]));
  const requirementChanges: RequirementChange[] = [];
  for (const req of newRun.requirements ?? []) {
    const previous = oldRequirements.get(req.id);
    if (previous && previous.outcome !== req.outcome) {
      requirementChanges.push({ id: req.id, section: req.section, level: req.level, from: previous.outcome, to: req.outcome });
    }
  }

  return {
    old: identity(oldRun),
    new: identity(newRun),
    suiteVersionsDiffer: oldRun.suiteVersion !== newRun.suiteVersion,
    specsDiffer: Boolean(oldRun.specHash && newRun.specHash && oldRun.specHash !== newRun.specHash),
    changes,
    onlyInOld,
    onlyInNew,
    requirementChanges,
    regressions: changes.filter((c) => c.kind === 'regression').length,
    unchanged,
    growth: growthSince(oldRun.lists, newRun.lists),
  };
}

/** 1 when a check that did not fail in OLD fails in NEW, 0 otherwise. */
export const compareExitCode = (comparison: Comparison): number => (comparison.regressions > 0 ? 1 : 0);
