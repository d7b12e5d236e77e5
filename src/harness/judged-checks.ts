/**
 * The checks a run judges: those its check engine planned (every check, one --shard part, or the
 * ones --check names), less those of an area --skip-area turns off. Work that several checks share
 * (the writes the absence proofs judge together) is done only for the checks that will look at it.
 * Before the engine plans, and in a run no engine drives, every check of an area left on.
 */
import { checkSpec } from '../contract/checks/registry.js';

export class JudgedChecks {
  private planned: ReadonlySet<string> | undefined;

  constructor(private readonly skippedAreas: readonly string[] = []) {}

  /** The engine's plan, before its first check. */
  plan(ids: Iterable<string>): void {
    this.planned = new Set(ids);
  }

  areaTurnedOff(area: string): boolean {
    return this.skippedAreas.includes(area);
  }

  has(checkId: string): boolean {
    return !this.areaTurnedOff(checkSpec(checkId).area) && (this.planned?.has(checkId) ?? true);
  }
}
