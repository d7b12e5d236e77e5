/**
 * Growth in sight (issue 55): the API has no DELETE, so a list the suite writes to gathers every
 * run's User Banks, and each run that walks it pays for them. With --baseline (an earlier run's
 * results.json), each list walked to its end in both runs is compared: when it grew, the sentence
 * says by how much a run, at that rate, and in how many runs it reaches the sizes where runs slow
 * (WALK_ITEM_BUDGET) and where the proofs made on it are bounded (PROOF_ITEM_BUDGET). The baseline
 * is taken as the run before; runs between them make the rate per run smaller, never larger.
 */
import { PROOF_ITEM_BUDGET, WALK_ITEM_BUDGET, listKeyOf, type ListSize } from '../core/model/list-sizes.js';

export interface ListGrowth {
  /** The list: caller, path and filters. */
  list: string;
  /** Its size in the baseline run and in this one (at least, when this run did not read it to its end). */
  from: number;
  to: number;
  /** Items gained since the baseline (per run, the baseline taken as the run before). */
  perRun: number;
  /** Runs at this rate until it holds WALK_ITEM_BUDGET items (0: it already does); absent when it does not grow. */
  runsUntilSlow?: number;
  /** Runs at this rate until it holds PROOF_ITEM_BUDGET items (0: it already does); absent when it does not grow. */
  runsUntilBounded?: number;
  sentence: string;
}

/** What the lists walked in both runs show, largest first; only lists whose size the baseline knows. */
export function growthSince(baseline: readonly ListSize[] | undefined, now: readonly ListSize[] | undefined): ListGrowth[] {
  if (baseline === undefined || now === undefined) return [];
  const before = new Map(baseline.filter((l) => l.complete).map((l) => [listKeyOf(l), l]));
  const out: ListGrowth[] = [];
  for (const list of now) {
    const key = listKeyOf(list);
    const old = before.get(key);
    if (old === undefined) continue;
    const perRun = list.items - old.items;
    const at = list.complete ? `${list.items}` : `at least ${list.items} (not read to its end)`;
    if (perRun <= 0) {
      out.push({ list: key, from: old.items, to: list.items, perRun, sentence: `${key}: ${old.items} -> ${at}, not growing` });
      continue;
    }
    const runsTo = (size: number): number => Math.max(0, Math.ceil((size - list.items) / perRun));
    const runsUntilSlow = runsTo(WALK_ITEM_BUDGET);
    const runsUntilBounded = runsTo(PROOF_ITEM_BUDGET);
    const slow =
      runsUntilSlow === 0
        ? `past ${WALK_ITEM_BUDGET} already (each run that walks it slows with it)`
        : `${WALK_ITEM_BUDGET} (runs slow) in ${runsUntilSlow} runs`;
    const bounded =
      runsUntilBounded === 0
        ? `past ${PROOF_ITEM_BUDGET} already (proofs on it are bounded)`
        : `${PROOF_ITEM_BUDGET} (proofs on it bounded) in ${runsUntilBounded} runs`;
    out.push({
      list: key,
      from: old.items,
      to: list.items,
      perRun,
      runsUntilSlow,
      runsUntilBounded,
      sentence: `${key}: ${old.items} -> ${at}, +${perRun} a run; at this rate it reaches ${slow}, ${bounded}`,
    });
  }
  return out;
}

/** One line per list walked, for the reports: its size, how far it was read, and a page's time. */
export function listSizeLine(list: ListSize): string {
  const size = list.complete ? `${list.items} items` : `${list.items} items read, not to its end`;
  const pace = list.msPerPage !== undefined ? `, ${list.msPerPage} ms a page` : '';
  return `${listKeyOf(list)}: ${size} (${list.walks} walk${list.walks === 1 ? '' : 's'}${pace})`;
}
