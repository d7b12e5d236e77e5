/**
 * GET /user_banks walked whole (spec 2.4, 4.2): every page an envelope, every walk ending, no id
 * twice, and walks at small, repeated and changing limits listing the User Banks of the walk at
 * limit=100. Part of the pagination suite (suites/pagination.limit.ts says why it is one).
 */
import { difference, duplicatesIn, idsOf, sample } from '../src/methods/pagination/ids.js';
import { listData, totalAtLeast } from '../src/methods/pagination/list-data.js';
import { mixedMeanPageFor } from '../src/methods/pagination/mixed-page-sizes.js';
import {
  everyWalk,
  mixedWalk,
  mixedWalkFits,
  pinned,
  pinnedPage,
  repeatWalk,
  smallLimits,
  smallWalks,
} from '../src/methods/pagination/named-walks.js';
import { ITEMS_FOR_TRAVERSAL } from '../src/methods/pagination/plan.js';
import { existedThroughout, idsAfter } from '../src/methods/pagination/stable-items.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

// The suite of suites/pagination.limit.ts, whose first check readies the list: see there.
inSuite('pagination', 'reads');

/**
 * How many User Banks are listed (once the settle window after the first ask has passed) that the
 * run's first whole walk did not list: items added while the walks read, by this run or another
 * writer. Counted once per check, on its first ask, and only if the check needs it.
 */
function createdSinceListData(t: Probe): () => Promise<number> {
  let count: Promise<number> | undefined;
  return () =>
    (count ??= (async () => {
      const until = Date.now();
      const data = await listData(t);
      const before = new Set(idsOf(data.reference.items));
      const after = await idsAfter(t, data.list, until);
      return difference(after.ids, before).length;
    })());
}

conformanceCheck(
  {
    id: 'pagination.envelope.every-page',
    area: 'pagination',
    requirement: 'list.envelope',
    covers: ['list.data', 'list.next_cursor'],
    title: 'Every page of every walk of GET /user_banks is a {data, next_cursor} envelope',
    description: 'Every page of every walk of GET /user_banks is an envelope with data (an array) and next_cursor (a string or null)',
  },
  async (t) => {
    const walks = await everyWalk(t);
    let pages = 0;
    for (const { label, result } of walks) {
      pages += result.pages.length;
      if (result.end === 'bad-envelope')
        t.fail(`walk with ${label}: ${result.detail}`, {
          ...pinned(result),
          expected: '{"data": [...], "next_cursor": string or null} on every page',
        });
      else t.passed();
    }
    t.passed(`${pages} pages in ${walks.length} walks, each an envelope`);
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.ends',
    area: 'pagination',
    requirement: 'list.next_cursor',
    title: 'Every walk of GET /user_banks ends with next_cursor null within its page cap',
    description:
      'Every walk of GET /user_banks ends with next_cursor null within its page cap (no loop, no endless cursor, at most one empty last page)',
  },
  async (t) => {
    const walks = await everyWalk(t);
    const createdMeanwhile = createdSinceListData(t);
    const unjudged: string[] = [];
    let ended = 0;
    for (const { label, result } of walks) {
      switch (result.end) {
        case 'complete':
          ended += 1;
          t.passed();
          break;
        case 'page-cap': {
          // A list larger than the cap and a cursor that never ends look alike until an item comes back.
          const repeated = duplicatesIn(result).length;
          if (repeated === 0) {
            unjudged.push(
              `${label}: ${result.detail} without listing any item twice, so the list may simply be larger than the suite walks`,
            );
            break;
          }
          // Items come back too when the cursor is an offset and the list grows before its place faster
          // than the walk reads (spec 2.4 leaves the cursor's form open): the same rule as no-duplicates.
          const added = await createdMeanwhile();
          if (repeated <= added) {
            unjudged.push(
              `${label}: ${result.detail}, its ${repeated} id(s) listed twice no more than the ${added} User Bank(s) created meanwhile, so the list may have grown before its place faster than the walk read it`,
            );
            break;
          }
          t.fail(`the walk with ${label} never reached next_cursor null: ${result.detail}, listing items again and again`, {
            ...pinned(result),
            expected: 'next_cursor null on the last page',
            actual: result.end,
          });
          break;
        }
        case 'repeated-cursor':
        case 'empty-page-loop':
          t.fail(`the walk with ${label} never reached next_cursor null: ${result.detail}`, {
            ...pinned(result),
            expected: 'next_cursor null on the last page',
            actual: result.end,
          });
          break;
        case 'time-cap':
        case 'outgrown':
          unjudged.push(`${label}: ${result.detail}`);
          break;
        default:
          unjudged.push(`${label}: ${result.end}, judged by other checks`);
      }
    }
    if (ended === 0 && unjudged.length > 0) return t.inconclusive(`no walk could be judged (${unjudged.join('; ')})`);
    t.passed(
      `${ended} of ${walks.length} walks ended with next_cursor null${unjudged.length > 0 ? ` (not judged: ${unjudged.join('; ')})` : ''}`,
    );
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.no-duplicates',
    area: 'pagination',
    requirement: 'list_user_banks.cursor',
    covers: ['user_bank.id'],
    title: 'No walk of GET /user_banks lists a User Bank id twice',
  },
  async (t) => {
    const walks = await everyWalk(t);
    const createdMeanwhile = createdSinceListData(t);
    for (const { label, result } of walks) {
      const duplicates = duplicatesIn(result);
      if (duplicates.length === 0) {
        t.passed();
        continue;
      }
      // One instant: a cursor that is an offset shifts by one item for every item added before its place
      // while the walk reads, so it shows that many items twice (spec 2.4 leaves the cursor's form open).
      // Repeats no more than the User Banks created meanwhile are explained by them; more are the server's.
      const added = await createdMeanwhile();
      if (duplicates.length <= added) {
        t.passed(
          `the walk with ${label} listed ${duplicates.length} id(s) twice while ${added} User Bank(s) were created meanwhile: explained by items added before its place`,
        );
        continue;
      }
      const shown = duplicates.slice(0, 3).map((d) => `${d.id} on pages ${d.pages.join(' and ')}`);
      t.fail(
        `the walk with ${label} lists ${duplicates.length} User Bank id(s) more than once: ${shown.join('; ')}${duplicates.length > 3 ? '; ...' : ''}${added > 0 ? ` (only ${added} were created meanwhile)` : ''}`,
        {
          // The page that lists the first repeated id again: its curl line shows the repeat.
          ...pinnedPage(result, (duplicates[0]?.pages[1] ?? 1) - 1),
          expected: 'each id once',
          actual: `${duplicates.length} repeated id(s)`,
        },
      );
    }
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.complete',
    area: 'pagination',
    requirement: 'list_user_banks.cursor',
    title: 'Walks at small limits list exactly the User Banks of a walk at limit=100',
    description:
      'Walking GET /user_banks with small limits lists exactly the User Banks of a walk at limit=100: nothing lost at a page boundary, nothing extra',
  },
  async (t) => {
    const { data, total } = await totalAtLeast(t, ITEMS_FOR_TRAVERSAL);
    const expected = new Set(idsOf(data.reference.items));
    if ((await smallLimits(t, total)).length === 0) {
      return t.skip(
        `the list holds ${total} User Banks: a walk at any limit below 100 would take more than ${data.smallWalkPages} pages, the most one walk may take on this target`,
      );
    }
    const unjudged: string[] = [];
    const walks = await smallWalks(t, total);
    const comparedUntil = Date.now();
    for (const { label, result } of walks) {
      const seen = idsOf(result.items);
      // Another writer may have changed the list between the walks: judge what existed throughout.
      const { lost, extra, untold, why } = await existedThroughout(
        t,
        data.list,
        { first: data.reference, later: result },
        { extra: difference(new Set(seen), expected), lost: result.end === 'complete' ? difference(expected, new Set(seen)) : [] },
        comparedUntil,
      );
      if (untold.length > 0) unjudged.push(`${label}: ${untold.length} User Bank(s) listed by one walk only could not be weighed (${why})`);
      if (lost.length > 0) {
        const pageSize = result.pages[0]?.itemCount ?? 0;
        t.fail(
          `the walk with ${label} (${result.pages.length} pages) never lists ${lost.length} of the ${total} User Banks of the walk at limit=100: ${sample(lost)}`,
          {
            expected: `${total} ids`,
            actual: `${new Set(seen).size} ids${pageSize > 0 ? `, pages of ${pageSize}` : ''}`,
          },
        );
      }
      if (extra.length > 0)
        t.fail(`the walk with ${label} lists ${extra.length} User Bank(s) the walk at limit=100 does not: ${sample(extra)}`, {
          expected: 'the same ids as at limit=100',
          actual: `${extra.length} extra`,
        });
      if (result.end !== 'complete') unjudged.push(`${label} ended with ${result.end}`);
      else if (lost.length === 0 && extra.length === 0 && untold.length === 0) t.passed();
    }
    if (unjudged.length > 0)
      return t.inconclusive(
        `cannot tell whether items were lost: ${unjudged.join('; ')} (pagination.traversal.ends and pagination.limit.honoured report why)`,
      );
    t.passed(
      `walks at ${(await smallLimits(t, total)).map((k) => `limit=${k}`).join(', ')} each list the same ${total} User Banks as the walk at limit=100, on ${data.onList}`,
    );
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.repeatable',
    area: 'pagination',
    requirement: 'list_user_banks.cursor',
    title: 'Two walks at limit=100 with nothing written between list the same User Banks',
    description: 'Two walks of GET /user_banks at limit=100 with nothing written between them list the same User Banks',
  },
  async (t) => {
    const { data, total } = await totalAtLeast(t, 1);
    const again = await repeatWalk(t, total);
    if (again.result.end !== 'complete')
      return t.inconclusive(
        `the second walk at limit=100 ended with ${again.result.end} (${again.result.detail}); pagination.traversal.ends reports it`,
      );
    const first = new Set(idsOf(data.reference.items));
    const second = new Set(idsOf(again.result.items));
    // Another writer may have changed the list between the walks: judge what existed throughout.
    const {
      lost: gone,
      extra: added,
      untold,
      why,
    } = await existedThroughout(
      t,
      data.list,
      { first: data.reference, later: again.result },
      { lost: difference(first, second), extra: difference(second, first) },
      Date.now(),
    );
    if (gone.length > 0 || added.length > 0) {
      t.fail(
        `two walks at limit=100 with nothing written between them differ: ${gone.length} User Bank(s) only in the first${gone.length ? ` (${sample(gone, 3)})` : ''}, ${added.length} only in the second${added.length ? ` (${sample(added, 3)})` : ''}`,
        {
          expected: `the same ${first.size} ids`,
          actual: `${second.size} ids`,
        },
      );
      return;
    }
    if (untold.length > 0)
      return t.inconclusive(
        `${untold.length} User Bank(s) listed by one of the two walks only could not be weighed: no walk afterwards reached the end (${why})`,
      );
    t.passed(`both walks list the same ${first.size} User Banks, on ${data.onList}`);
  },
);

conformanceCheck(
  {
    id: 'pagination.traversal.mixed-limits',
    area: 'pagination',
    requirement: 'list_user_banks.cursor',
    title: 'A walk whose limit changes page by page lists the User Banks of a walk at limit=100',
    description:
      'Following next_cursor with a limit drawn anew for every page (1 to 100, at most a quarter of the list, from the seed) lists exactly the User Banks of a walk at limit=100, each once, to the end: a cursor points to a place in the list, whatever limit comes with it',
  },
  async (t) => {
    const { data, total } = await totalAtLeast(t, ITEMS_FOR_TRAVERSAL);
    if (!mixedWalkFits(total, data))
      return t.skip(
        `the list holds ${total} User Banks: a walk at pages of about ${mixedMeanPageFor(total)} would take more than ${data.smallWalkPages} pages, the most one walk may take on this target`,
      );
    const { result } = await mixedWalk(t, total);
    const sizes = result.pages.map((p) => p.askedLimit ?? '?').join(', ');
    if (result.end !== 'complete')
      return t.inconclusive(
        `the walk with a limit drawn anew for every page ended with ${result.end} (${result.detail}); pagination.traversal.ends reports it`,
      );
    const seen = idsOf(result.items);
    const expected = new Set(idsOf(data.reference.items));
    // Another writer may have changed the list between the walks: judge what existed throughout.
    const { lost, extra, untold, why } = await existedThroughout(
      t,
      data.list,
      { first: data.reference, later: result },
      { lost: difference(expected, new Set(seen)), extra: difference(new Set(seen), expected) },
      Date.now(),
    );
    const repeated = duplicatesIn(result);
    const shown = `${result.pages.length} pages of limits ${sizes.length > 120 ? `${sizes.slice(0, 120)}...` : sizes}`;
    if (lost.length > 0)
      t.fail(
        `the walk with a limit drawn anew for every page (${shown}) never lists ${lost.length} of the ${total} User Banks of the walk at limit=100: ${sample(lost)}`,
        { ...pinned(result), expected: `${total} ids`, actual: `${new Set(seen).size} ids` },
      );
    if (extra.length > 0)
      t.fail(
        `the walk with a limit drawn anew for every page (${shown}) lists ${extra.length} User Bank(s) the walk at limit=100 does not: ${sample(extra)}`,
        {
          ...pinned(result),
          expected: 'the same ids as at limit=100',
          actual: `${extra.length} extra`,
        },
      );
    if (repeated.length > 0) {
      const added = await createdSinceListData(t)();
      if (repeated.length > added)
        t.fail(
          `the walk with a limit drawn anew for every page (${shown}) lists ${repeated.length} User Bank id(s) more than once: ${repeated
            .slice(0, 3)
            .map((d) => `${d.id} on pages ${d.pages.join(' and ')}`)
            .join('; ')}`,
          { ...pinned(result), expected: 'each id once', actual: `${repeated.length} repeated id(s)` },
        );
    }
    if (untold.length > 0 && lost.length === 0 && extra.length === 0)
      return t.inconclusive(
        `${untold.length} User Bank(s) listed by one of the walks only could not be weighed: no walk afterwards reached the end (${why})`,
      );
    if (lost.length === 0 && extra.length === 0)
      t.passed(
        `the walk with a limit drawn anew for every page (${shown}) lists the same ${total} User Banks as the walk at limit=100, on ${data.onList}`,
      );
  },
);
