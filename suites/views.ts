/**
 * The run's list views judged together (issue 29): every walk any check made, and the closing walks
 * of each caller (src/methods/steps/closing-views.ts), held to the relations of one model of the callers'
 * data (src/core/model/list-views.ts). Runs after every other file that walks a list, so it judges the
 * whole run's views; the refused-writes file before it has already let the fitted window pass.
 */
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import { fittedWindow } from '../src/harness/fitted-window.js';
import { wholeSettleMs } from '../src/harness/settings.js';
import type { ViewCaller } from '../src/core/model/list-views.js';
import { secondCaller } from '../src/methods/steps/caller-b.js';
import { closingWalks } from '../src/methods/steps/closing-views.js';

inSuite('views', 'views');

/** The requirement each relation breaks, by the field it judged. */
const BROKEN = {
  user_id: 'list_user_banks.user_id_filter',
  status: 'list_user_banks.status_filter',
  id: 'list_user_banks.cursor',
  use_case: 'rfp_registration.one_per_use_case',
} as const;

conformanceCheck(
  {
    id: 'sequences.views.agree',
    area: 'sequences',
    requirement: 'list_user_banks.user_id_filter',
    covers: ['list_user_banks.status_filter', 'list_user_banks.cursor', 'rfp_registration.one_per_use_case', 'rfp_registration.id'],
    title: 'Every list view the run walked agrees with the others',
    description:
      "Every list view the run walked agrees with the others (one model of the caller's data): each filter, alone or with another, keeps only its value; a User Bank listed before a walk began and after it ended is in that walk when it matches its filters (a filtered list is the whole list restricted, the union over every User and status is the whole list, pages at any size hold the same); an RfP list is a set, one per use case, over all its pages",
  },
  async (t) => {
    const notes: string[] = [];
    const callers: [ViewCaller, string][] = [['a', t.settings.userIdA]];
    const second = secondCaller(t.settings);
    if ('userId' in second) callers.push(['b', second.userId]);
    else notes.push(`caller B's views not walked: ${second.missing}`);
    // Each caller's closing walks see only its own list, so the callers' walks run side by side, each
    // with its share of --concurrency; each caller's walk "after" still begins once its others ended.
    const lanes = Math.max(1, Math.floor(t.settings.concurrency / callers.length));
    const { views } = t.run;
    const judgeAfter = async (settleMs: number) => {
      const why = await Promise.all(callers.map(([caller, user]) => closingWalks(t, caller, user, lanes, settleMs)));
      return { why: why.filter((w): w is string => w !== undefined), ...views.relations(settleMs) };
    };
    // First with the window the run's own writes justify; a break is final only once the closing
    // walks are made again after the whole window and still find one (a replica slower than any
    // write of the run showed must not fail a conformant server).
    const fitted = fittedWindow(t.run.client, t.settings);
    const whole = wholeSettleMs(t.settings);
    let judgement = await judgeAfter(Math.min(fitted.ms, whole));
    let window = fitted.ms < whole ? { ms: fitted.ms, why: fitted.why } : { ms: whole, why: 'the settle window' };
    // The run-wide invariants' breaks seen only within the fitted window are made final the same way.
    const doubted = judgement.breaks.length > 0 || t.run.invariants.unconfirmed() > 0;
    if (doubted && fitted.ms < whole) {
      judgement = await judgeAfter(whole);
      window = { ms: whole, why: `the whole settle window, since a break seen with ${fitted.ms} ms was judged again` };
    }
    const { breaks, more, judged } = judgement;
    notes.push(...judgement.why);
    for (const b of breaks) {
      const requirement = b.relation === 'set-on-whole-walk' && b.field === 'id' ? 'rfp_registration.id' : BROKEN[b.field];
      t.fail(`${b.relation}: ${b.message}`, {
        expected: b.expected,
        actual: b.actual,
        requirements: [requirement],
        ...(b.walk.evidence ? { exchange: b.walk.evidence } : {}),
      });
    }
    if (more > 0) t.fail(`${more} more breaks of the same relations`);
    if (views.dropped > 0) notes.push(`${views.dropped} walk(s) not kept (the model keeps at most its bound of items)`);
    const total = judged['filter-keeps-only'] + judged['item-in-every-view'] + judged['set-on-whole-walk'];
    if (total === 0) t.skip(`no walk of the run could be judged against another (${notes.join('; ') || 'no list held an item'})`);
    if (breaks.length === 0)
      t.passed(
        [
          `${views.walks.length} walks of the run judged: a filter keeps only its value on ${judged['filter-keeps-only']}, every settled item in ${judged['item-in-every-view']} (an item counts once listed ${window.ms} ms before a walk began: ${window.why}), RfP lists a set on ${judged['set-on-whole-walk']}`,
          ...notes,
        ].join('; '),
      );
  },
  { sequential: true },
);
