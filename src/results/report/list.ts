/**
 * What `--list` prints: every check by spec area with the requirement it proves (level, id,
 * section) and what else it covers, then the requirements no check covers. Reads the registry
 * only: listing sends no request.
 */
import { requirementsOf } from '../../contract/checks/registry.js';
import type { CheckSpec } from '../../contract/checks/types.js';
import { requirement, requirements } from '../../core/requirements.js';
import { readableQuote } from './readable-quote.js';

export function listText(checks: readonly CheckSpec[]): string {
  const lines: string[] = [];
  // One line per check, so `--list | grep <requirement id>` finds every check that proves it.
  const cite = (spec: CheckSpec): string => {
    const req = requirement(spec.requirement);
    return `${req.level} ${req.id} (section ${req.section})`;
  };
  const idWidth = Math.max(0, ...checks.map((c) => c.id.length));
  const citeWidth = Math.max(0, ...checks.map((c) => cite(c).length));
  const areas = new Map<string, CheckSpec[]>();
  for (const check of checks) areas.set(check.area, [...(areas.get(check.area) ?? []), check]);
  for (const [area, inArea] of areas) {
    lines.push(`${area} (${inArea.length} checks)`);
    for (const check of inArea) {
      const covers = check.covers?.length ? `  [also covers: ${check.covers.join(', ')}]` : '';
      lines.push(`  ${check.id.padEnd(idWidth)}  ${cite(check).padEnd(citeWidth)}  ${check.title}${covers}`);
      // The sentence of the spec it proves, indented under it (the line above stays one grep-able line).
      lines.push(`  ${' '.repeat(idWidth)}  "${readableQuote(requirement(check.requirement).quote)}"`);
    }
    lines.push('');
  }
  const covered = new Set(checks.flatMap(requirementsOf));
  const untested = requirements.filter((r) => !covered.has(r.id));
  lines.push(`${checks.length} checks covering ${requirements.length - untested.length} of ${requirements.length} requirements`);
  if (untested.length > 0) lines.push(`untested: ${untested.map((r) => `${r.id} (${r.level})`).join(', ')}`);
  return lines.join('\n');
}
