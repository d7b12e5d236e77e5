/**
 * The statement index: every statement of the spec (spec-statements.ts) with what judges it. A
 * statement is judged when a requirement of the catalog (src/core/requirements.ts) quotes it, or is mapped
 * to it below, and some check proves that requirement; or explained, when no black-box check can
 * judge it (spec silence, description with nothing observable). `npm run conformance -- --list
 * --statements` prints the table; test/unit/statement-index.test.ts fails on a statement neither
 * judged nor explained, and on a mapping or explanation that no longer matches the spec's text.
 */
import { checks, requirementsOf } from '../checks/registry.js';
import { requirements } from '../core/requirements.js';
import { specStatements, type SpecStatement } from './spec-statements.js';
import { explanationFor, mappedRequirements } from './unjudged.js';

export interface IndexedStatement extends SpecStatement {
  requirements: string[];
  checks: string[];
  /** Why no check judges it, when none does. */
  explained?: string;
}

/** Requirements whose quote is the statement, or a sentence of it (conventions quote RFCs, not the spec). */
function quotedBy(statement: SpecStatement): string[] {
  return requirements
    .filter((r) => r.source === undefined && (r.quote === statement.text || statement.text.includes(r.quote)))
    .map((r) => r.id);
}

export function statementIndex(specText: string): IndexedStatement[] {
  return specStatements(specText).map((statement) => {
    const ids = [...new Set([...quotedBy(statement), ...mappedRequirements(statement.text)])];
    const judging = checks.filter((c) => requirementsOf(c).some((id) => ids.includes(id))).map((c) => c.id);
    const explained = judging.length === 0 ? explanationFor(statement.text) : undefined;
    return { ...statement, requirements: ids, checks: judging, ...(explained !== undefined ? { explained } : {}) };
  });
}

export interface StatementCoverage {
  total: number;
  judged: number;
  explained: number;
  neither: IndexedStatement[];
}

export function coverageOf(index: readonly IndexedStatement[]): StatementCoverage {
  const judged = index.filter((s) => s.checks.length > 0).length;
  const explained = index.filter((s) => s.checks.length === 0 && s.explained !== undefined).length;
  return { total: index.length, judged, explained, neither: index.filter((s) => s.checks.length === 0 && s.explained === undefined) };
}

/** The table of --list --statements. */
export function statementsText(index: readonly IndexedStatement[]): string {
  const coverage = coverageOf(index);
  const lines = [
    `${coverage.total} statements of the spec: ${coverage.judged} judged by a check, ${coverage.explained} explained (no black-box check can judge them), ${coverage.neither.length} neither`,
    '',
  ];
  for (const s of index) {
    const verdict =
      s.checks.length > 0
        ? `judged by ${s.checks.slice(0, 4).join(', ')}${s.checks.length > 4 ? ` and ${s.checks.length - 4} more` : ''}`
        : s.explained !== undefined
          ? `explained: ${s.explained}`
          : 'NEITHER judged nor explained';
    lines.push(`${s.id.padEnd(12)} ${s.text.length > 100 ? `${s.text.slice(0, 99)}…` : s.text}`, `             ${verdict}`);
  }
  return lines.join('\n');
}

/** The coverage sentence docs/checks.md shows (generated; test/unit/statement-index.test.ts keeps it current). */
export function coverageSentence(index: readonly IndexedStatement[]): string {
  const c = coverageOf(index);
  return `Statement coverage: of the spec's ${c.total} statements, ${c.judged} are judged by a check and ${c.explained} explained (no black-box check can judge them); ${c.neither.length} are neither.`;
}
