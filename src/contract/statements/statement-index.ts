/**
 * The statement index: every statement of the spec (spec-statements.ts) with what stands behind it.
 * A statement maps to the requirements that state it: those of its own section whose quote is the
 * statement or a sentence of it (so the three identical `created_at` rows of 2.1, 2.2 and 2.3 each
 * map to their own resource's requirement), and those mapped to it below (unjudged.ts). Then:
 * - judged: a fault of the reference's catalog breaks one of those requirements and is caught by a
 *   check citing it (npm test's fault matrix proves the catch), so a check has been seen to fail when
 *   the statement is broken;
 * - cited, unproven: checks cite it, but no fault shows one of them failing when it is broken;
 * - explained: no check can judge it (spec silence, description with nothing observable);
 * - neither: a gap.
 * `npm run conformance -- --list --statements` prints the table; test/unit/statement-index.test.ts
 * fails on a statement neither judged, cited nor explained, on a judged statement with no proving
 * fault, and on a mapping or explanation that no longer matches the spec's text.
 */
import { checks, requirementsOf, type CheckId } from '../checks/registry.js';
import { requirements } from '../../core/requirements.js';
import { specStatements, type SpecStatement } from './spec-statements.js';
import { explanationFor, mappedRequirements } from './unjudged.js';

/** What a fault of the catalog claims: the requirement it breaks and the check that catches it. */
export interface Proof {
  name: string;
  breaks: string;
  caughtBy: CheckId;
}

export type StatementStatus = 'judged' | 'cited, unproven' | 'explained' | 'neither';

export interface IndexedStatement extends SpecStatement {
  requirements: string[];
  /** Every check citing one of its requirements. */
  checks: string[];
  /** The faults that prove it: each breaks one of its requirements and is caught by a check citing that requirement. */
  provenBy: Proof[];
  status: StatementStatus;
  /** Why no check judges it, when none cites it. */
  explained?: string;
}

/** Requirements of the statement's section whose quote is the statement, or a sentence of it (conventions quote RFCs, not the spec). */
function quotedBy(statement: SpecStatement): string[] {
  return requirements
    .filter(
      (r) => r.source === undefined && r.section === statement.section && (r.quote === statement.text || statement.text.includes(r.quote)),
    )
    .map((r) => r.id);
}

const citing = (checkId: CheckId, requirement: string): boolean =>
  checks.some((c) => c.id === checkId && (requirementsOf(c) as string[]).includes(requirement));

export function statementIndex(specText: string, faults: readonly Proof[]): IndexedStatement[] {
  return specStatements(specText).map((statement) => {
    const ids = [...new Set([...quotedBy(statement), ...mappedRequirements(statement.text)])];
    const judging = checks.filter((c) => requirementsOf(c).some((id) => ids.includes(id))).map((c) => c.id);
    const provenBy = faults.filter((f) => ids.includes(f.breaks) && citing(f.caughtBy, f.breaks));
    const explained = judging.length === 0 ? explanationFor(statement.text) : undefined;
    const status: StatementStatus =
      provenBy.length > 0 ? 'judged' : judging.length > 0 ? 'cited, unproven' : explained !== undefined ? 'explained' : 'neither';
    return {
      ...statement,
      requirements: ids,
      checks: judging,
      provenBy: provenBy.map((f) => ({ name: f.name, breaks: f.breaks, caughtBy: f.caughtBy })),
      status,
      ...(explained !== undefined ? { explained } : {}),
    };
  });
}

export interface StatementCoverage {
  total: number;
  judged: number;
  unproven: number;
  explained: number;
  neither: IndexedStatement[];
}

export function coverageOf(index: readonly IndexedStatement[]): StatementCoverage {
  const count = (status: StatementStatus): number => index.filter((s) => s.status === status).length;
  return {
    total: index.length,
    judged: count('judged'),
    unproven: count('cited, unproven'),
    explained: count('explained'),
    neither: index.filter((s) => s.status === 'neither'),
  };
}

const few = (items: string[]): string => `${items.slice(0, 3).join(', ')}${items.length > 3 ? ` and ${items.length - 3} more` : ''}`;

/** The table of --list --statements. */
export function statementsText(index: readonly IndexedStatement[]): string {
  const lines = [headline(index), ''];
  for (const s of index) {
    const verdict =
      s.status === 'judged'
        ? `judged: fault ${few(s.provenBy.map((p) => `${p.name} (caught by ${p.caughtBy})`))}`
        : s.status === 'cited, unproven'
          ? `cited, unproven (no fault shows it broken): cited by ${few(s.checks)}`
          : s.status === 'explained'
            ? `explained: ${s.explained}`
            : 'NEITHER judged, cited nor explained';
    lines.push(`${s.id.padEnd(12)} ${s.text.length > 100 ? `${s.text.slice(0, 99)}…` : s.text}`, `             ${verdict}`);
  }
  return lines.join('\n');
}

function headline(index: readonly IndexedStatement[]): string {
  const c = coverageOf(index);
  return `${c.total} statements of the spec: ${c.judged} judged (a fault of the catalog breaks it and a check citing it catches the fault), ${c.unproven} cited but unproven, ${c.explained} explained (no black-box check can judge them), ${c.neither.length} neither`;
}

/** The coverage sentence docs/checks.md shows (generated; test/unit/statement-index.test.ts keeps it current). */
export function coverageSentence(index: readonly IndexedStatement[]): string {
  const c = coverageOf(index);
  return `Statement coverage: of the spec's ${c.total} statements, ${c.judged} are judged (a catalog fault breaks the statement and a check citing it catches that fault), ${c.unproven} are cited by a check but unproven (no fault shows the check failing when the statement is broken), ${c.explained} are explained (no black-box check can judge them); ${c.neither.length} are neither.`;
}
