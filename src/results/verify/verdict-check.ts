/**
 * Whether the verdict results.json states follows from its checks: the counts recomputed from
 * checks[], the verdict recomputed with the run's own verdict function (src/results/verdict.ts). An
 * edited verdict, or a check's outcome edited without its verdict, shows here.
 */
import type { Results } from '../results.js';
import { summaryOf, verdictOf, type Summary } from '../verdict.js';
import { failed, ok, type VerifyItem } from './item.js';

const NAME = 'verdict';

const countsText = (s: Summary): string => `${s.pass} pass, ${s.fail} fail, ${s.warn} warn, ${s.skip} skip, ${s.inconclusive} inconclusive`;

export function checkVerdict(results: Results): VerifyItem {
  const counted = summaryOf(results.checks);
  const stated = results.summary;
  const keys = ['pass', 'fail', 'warn', 'skip', 'inconclusive', 'total'] as const;
  const wrongCounts = keys.filter((key) => counted[key] !== stated[key]);
  if (wrongCounts.length > 0)
    return failed(
      NAME,
      `summary states ${countsText(stated)} (${stated.total} checks), but checks[] holds ${countsText(counted)} (${counted.total} checks)`,
    );
  const derived = verdictOf({
    summary: counted,
    strict: results.strict,
    errors: results.errors,
    interrupted: results.interrupted === true,
  });
  if (derived !== results.verdict)
    return failed(
      NAME,
      `results.json states ${results.verdict}, but its checks give ${derived} (${countsText(counted)}${results.strict ? ', --strict' : ''}${results.errors.length > 0 ? `, ${results.errors.length} error(s)` : ''})`,
    );
  return ok(NAME, `${results.verdict} follows from its ${counted.total} checks (${countsText(counted)})`);
}
