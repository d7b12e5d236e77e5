/**
 * A comparison as titled blocks of lines grouped by area: the one wording that the compare command,
 * compare.md and the "Since the baseline" part of every report share, so they never disagree.
 */
import type { ChangeKind, CheckChange, Comparison, OnlyInOne } from './diff.js';

export interface ComparisonLine {
  /** The spec area of a check (`pagination`), or the section of a requirement (`section 4.2`). */
  group: string;
  text: string;
}

export interface ComparisonBlock {
  title: string;
  lines: ComparisonLine[];
}

const TITLES: Record<ChangeKind, string> = {
  regression: 'Regressions: checks that newly fail',
  fixed: 'Fixed: checks that no longer fail or warn',
  'new-warn': 'New warnings',
  'newly-undecided': 'Newly skipped or inconclusive',
  'now-pass': 'Now decided: skipped or inconclusive before, pass now',
};

const clip = (text: string, max = 200): string => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

function changeText(change: CheckChange): string {
  const from = change.from === 'absent' ? 'not in OLD' : change.from;
  const why = change.message ? `${change.kind === 'fixed' ? 'was: ' : ''}${clip(change.message)}` : '';
  return `${change.id}: ${from} -> ${change.to}${change.title ? ` (${change.title})` : ''}${why ? `; ${why}` : ''}`;
}

const byGroup = (a: ComparisonLine, b: ComparisonLine): number => a.group.localeCompare(b.group) || a.text.localeCompare(b.text);

const onlyLine = (check: OnlyInOne): ComparisonLine => ({ group: check.area, text: `${check.id} (${check.outcome})` });

/** Sentences that qualify the whole comparison: different suite versions, specs or shards. */
export function comparisonNotes(c: Comparison): string[] {
  const notes: string[] = [];
  if (c.suiteVersionsDiffer) {
    notes.push(
      `The suite versions differ (OLD ${c.old.suiteVersion}, NEW ${c.new.suiteVersion}): checks that exist in only one run are listed apart, not compared.`,
    );
  }
  if (c.specsDiffer)
    notes.push('The two runs tested different spec texts (spec hashes differ): requirement outcomes may not be comparable.');
  if ((c.old.shard ?? '') !== (c.new.shard ?? ''))
    notes.push(`The runs cover different shards (OLD ${c.old.shard ?? 'whole'}, NEW ${c.new.shard ?? 'whole'}).`);
  // Odd inputs are compared all the same, but never without a word: each could make the changes mean nothing.
  if (c.old.target !== undefined && c.new.target !== undefined && c.old.target !== c.new.target)
    notes.push(
      `The runs tested different targets (OLD ${c.old.target}, NEW ${c.new.target}): a change may be the target's, not the server's.`,
    );
  for (const [which, run] of [
    ['OLD', c.old],
    ['NEW', c.new],
  ] as const) {
    if (run.verdict === 'interrupted' || run.verdict === 'could-not-run')
      notes.push(`The ${which} run did not finish (${run.verdict}): checks it never judged read as missing or changed.`);
  }
  if (c.old.startedAt !== undefined && c.new.startedAt !== undefined && Date.parse(c.old.startedAt) > Date.parse(c.new.startedAt))
    notes.push(`OLD (${c.old.startedAt}) is newer than NEW (${c.new.startedAt}): were the two swapped?`);
  return notes;
}

export function comparisonBlocks(c: Comparison): ComparisonBlock[] {
  const blocks: ComparisonBlock[] = [];
  for (const kind of Object.keys(TITLES) as ChangeKind[]) {
    const lines = c.changes.filter((change) => change.kind === kind).map((change) => ({ group: change.area, text: changeText(change) }));
    if (lines.length > 0) blocks.push({ title: TITLES[kind], lines: lines.sort(byGroup) });
  }
  if (c.requirementChanges.length > 0) {
    blocks.push({
      title: 'Requirements whose outcome changed',
      lines: c.requirementChanges
        .map((r) => ({ group: `section ${r.section}`, text: `${r.id} (${r.level}): ${r.from} -> ${r.to}` }))
        .sort(byGroup),
    });
  }
  if (c.onlyInOld.length > 0) blocks.push({ title: 'Checks only in OLD', lines: c.onlyInOld.map(onlyLine).sort(byGroup) });
  if (c.onlyInNew.length > 0) blocks.push({ title: 'Checks only in NEW', lines: c.onlyInNew.map(onlyLine).sort(byGroup) });
  return blocks;
}

/** One line of counts, the last line of every rendering. */
export function comparisonHeadline(c: Comparison): string {
  const count = (kind: ChangeKind): number => c.changes.filter((change) => change.kind === kind).length;
  const parts = [
    `${c.regressions} regression(s)`,
    `${count('fixed')} fixed`,
    `${count('new-warn')} new warning(s)`,
    `${count('newly-undecided')} newly skipped or inconclusive`,
    `${count('now-pass')} now decided`,
    `${c.requirementChanges.length} requirement outcome(s) changed`,
    `${c.unchanged} unchanged`,
  ];
  return parts.join(', ');
}

/** Groups a block's lines by area, keeping their order: [group, texts][]. */
export function grouped(block: ComparisonBlock): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const line of block.lines) groups.set(line.group, [...(groups.get(line.group) ?? []), line.text]);
  return [...groups.entries()];
}

/** The first sentence of "Since the baseline": which run this one is compared with. */
export function baselineIntro(c: Comparison): string {
  const when = c.old.startedAt ? ` of ${c.old.startedAt}` : '';
  return `Compared with the baseline run${when} (suite ${c.old.suiteVersion}${c.old.verdict ? `, ${c.old.verdict}` : ''}); this does not change the run's exit code.`;
}
