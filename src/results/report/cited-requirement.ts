/**
 * The statement a failure or a warning cites: the one its leading finding names, when it names one
 * (a schema finding names the member it broke, a relation the requirement of that relation), else
 * the check's own. A check that judges every answer of the run (http.every-answer-conforms) covers
 * many statements; its headline cites the one this run saw broken, not the first it covers.
 */
import { hasRequirement, requirement } from '../../core/requirements.js';
import type { CheckRecord } from '../results.js';
import { leadingFinding } from './headline.js';

export interface Citation {
  id: string;
  section: string;
  level: CheckRecord['level'];
  quote: string;
}

export function citedRequirement(
  check: Pick<CheckRecord, 'outcome' | 'findings' | 'requirement' | 'section' | 'level' | 'quote'>,
): Citation {
  const own: Citation = { id: check.requirement, section: check.section, level: check.level, quote: check.quote };
  if (check.outcome !== 'fail' && check.outcome !== 'warn') return own;
  const named = leadingFinding(check)?.requirements?.find(hasRequirement);
  if (named === undefined || named === check.requirement) return own;
  const { id, section, level, quote } = requirement(named);
  return { id, section, level, quote };
}
