/**
 * Tenant isolation (spec 4.3: data is "the caller's"; spec 5: the token names the caller). With a
 * second caller B (--token-b, --user-id-b), B must never read, list or add to caller A's data.
 * Every check first proves B's token works (B reads B's own user), so a B that is refused
 * everything cannot make isolation pass by accident.
 */
import { isSuccess, type Exchange } from '../src/http/exchange.js';
import { proofWalk, readAsFarAs, wholeListOf } from '../src/methods/pagination/proof-walk.js';
import type { WalkResult } from '../src/methods/pagination/walker.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import { exampleCreateBody } from '../src/harness/example-body.js';
import { SAME_BUSINESS, readOwnUser, requireCallerB } from '../src/methods/steps/caller-b.js';
import type { Probe } from '../src/harness/probe.js';
import { uniqueAccountNumber } from '../src/harness/unique-account-number.js';

inSuite('isolation', 'writes');

/** A valid create body whose account number no other request of any run has used. */
function uniqueBody(userId: string, seed: number): Record<string, string> {
  return { ...exampleCreateBody(userId, seed), account_number: uniqueAccountNumber() };
}

const record = (item: unknown): Record<string, unknown> =>
  item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};
const idsOf = (listing: WalkResult): Set<string> =>
  new Set(listing.items.map((i) => record(i).id).filter((id): id is string => typeof id === 'string'));

/** B's listing answered a refusal on its first page: nothing was listed (a legitimate answer). */
const refusedOutright = (listing: WalkResult): boolean => listing.end === 'http-error' && listing.pages.length === 1;

/** One fail naming how many of A's items B's listing holds, pinned to the page that shows the first. */
function reportLeaks(t: Probe, leaked: Array<Record<string, unknown>>, listing: WalkResult, where: string, whose: string): boolean {
  if (leaked.length === 0) {
    t.passed();
    return true;
  }
  const first = leaked[0] as Record<string, unknown>;
  const page = listing.pages.find((p) => p.itemCount > 0);
  const exchange = listing.evidence?.find((e) => e.seq === page?.exchangeSeq);
  t.fail(
    `caller B's ${where} holds ${leaked.length} of ${whose} (e.g. id ${String(first.id)}, user_id ${String(first.user_id)})${SAME_BUSINESS}`,
    {
      ...(exchange ? { exchange } : {}),
      expected: `none of ${whose}`,
      actual: `${leaked.length} item(s)`,
    },
  );
  return false;
}

conformanceCheck(
  {
    id: 'isolation.get-user.other-callers-user-hidden',
    area: 'isolation',
    requirement: 'tenant.isolation',
    title: "Caller B reading caller A's user (GET /users/{A's user}) is not given A's user",
  },
  async (t) => {
    await requireCallerB(t);
    const path = `/users/${encodeURIComponent(t.settings.userIdA)}`;
    const own = await readOwnUser(t, 'a', t.settings.userIdA);
    t.attach(own);
    if (!isSuccess(own))
      t.inconclusive(`caller A could not read its own user (GET /users/{user-id} answered ${own.status}); check --token and --user-id`);
    const exchange = await t.request({ path, auth: 'b' });
    if (isSuccess(exchange)) {
      t.fail(`caller B's GET /users/{A's user} was answered ${exchange.status}: B was given another caller's User${SAME_BUSINESS}`, {
        exchange,
        expected: 'a refusal (not 2xx)',
        actual: String(exchange.status),
      });
      return;
    }
    // A refusal must not carry the user either (an error body that embeds the record).
    const mine = record(own.json);
    const personal = ['ssn', 'email', 'phone'].map((k) => mine[k]).filter((v): v is string => typeof v === 'string' && v.length >= 5);
    if (personal.some((v) => exchange.bodyText.includes(v))) {
      t.fail(`caller B's GET /users/{A's user} was refused with ${exchange.status}, but its body holds A's user's personal data`, {
        exchange,
        expected: 'no data of A',
        actual: 'personal values of A in the body',
      });
      return;
    }
    t.passed(`caller B was refused A's user with ${exchange.status}`);
  },
);

conformanceCheck(
  {
    id: 'isolation.list-user-banks.filter-by-other-callers-user',
    area: 'isolation',
    requirement: 'tenant.isolation',
    title: "Caller B listing GET /user_banks?user_id={A's user} gets none of A's User Banks",
  },
  async (t) => {
    await requireCallerB(t);
    const { userIdA } = t.settings;
    const mine = await wholeListOf(t, { path: '/user_banks', query: { user_id: userIdA }, auth: 'a' });
    const aIds = idsOf(mine);
    const theirs = await proofWalk(t, { path: '/user_banks', query: { user_id: userIdA }, auth: 'b' });
    if (refusedOutright(theirs)) {
      t.passed(`caller B's GET /user_banks?user_id={A's user} was refused (${theirs.detail})`);
      return;
    }
    const leaked = theirs.items
      .map(record)
      .filter((bank) => bank.user_id === userIdA || (typeof bank.id === 'string' && aIds.has(bank.id)));
    if (reportLeaks(t, leaked, theirs, "GET /user_banks?user_id={A's user}", "A's User Banks"))
      t.passed(
        `none of A's ${aIds.size} User Banks listed for A's user is in caller B's ${theirs.items.length}${readAsFarAs(mine, "A's GET /user_banks?user_id={A's user}")}`,
      );
  },
);

/** Page size of the walks whose next_cursor B replays: small, so a short list still gives a cursor. */
const CURSOR_PAGE = 2;

conformanceCheck(
  {
    id: 'isolation.list-user-banks.other-callers-cursor',
    area: 'isolation',
    requirement: 'tenant.isolation',
    title: "Caller B replaying caller A's next_cursor gets none of A's User Banks",
    description:
      "Caller B replaying caller A's next_cursor (of A's list, and of A's list filtered by A's user) gets none of A's User Banks (a refusal or B's own data)",
  },
  async (t) => {
    await requireCallerB(t);
    const { userIdA } = t.settings;
    const listings = [
      { what: "A's GET /user_banks", query: {} as Record<string, string> },
      { what: "A's GET /user_banks?user_id={A's user}", query: { user_id: userIdA } },
    ];
    let replayed = 0;
    for (const { what, query } of listings) {
      const first = await t.request({ path: '/user_banks', query: { ...query, limit: String(CURSOR_PAGE) }, auth: 'a' });
      if (!isSuccess(first)) t.inconclusive(`${what} with limit=${CURSOR_PAGE} was answered ${first.status}; check --token and --user-id`);
      const cursor = record(first.json).next_cursor;
      if (typeof cursor !== 'string') continue; // A's list fits on one page: no cursor to replay
      const replayQuery = { ...query, limit: String(CURSOR_PAGE), cursor };
      // What the cursor points to for A: the items B must not get.
      const mine = await t.request({ path: '/user_banks', query: replayQuery, auth: 'a' });
      const aIds = new Set(
        [first, mine]
          .flatMap((e) => (Array.isArray(record(e.json).data) ? (record(e.json).data as unknown[]) : []))
          .map((i) => record(i).id)
          .filter((id): id is string => typeof id === 'string'),
      );
      const theirs = await t.request({ path: '/user_banks', query: replayQuery, auth: 'b' });
      replayed += 1;
      if (!isSuccess(theirs)) {
        t.passed();
        continue;
      }
      const items = Array.isArray(record(theirs.json).data) ? (record(theirs.json).data as unknown[]).map(record) : [];
      const leaked = items.filter((bank) => bank.user_id === userIdA || (typeof bank.id === 'string' && aIds.has(bank.id)));
      if (leaked.length === 0) {
        t.passed();
        continue;
      }
      const example = leaked[0] as Record<string, unknown>;
      t.fail(
        `caller B replaying the next_cursor of ${what} was answered ${theirs.status} with ${leaked.length} of A's User Banks (e.g. id ${String(example.id)}, user_id ${String(example.user_id)}): a cursor let B read A's list${SAME_BUSINESS}`,
        {
          exchange: theirs,
          expected: "a refusal or B's own User Banks",
          actual: `${leaked.length} of A's User Banks`,
        },
      );
    }
    if (replayed === 0)
      t.skip(
        `caller A's list fits on one page of ${CURSOR_PAGE}, so there is no next_cursor of A for B to replay; a caller with more User Banks enables it`,
      );
  },
);

conformanceCheck(
  {
    id: 'isolation.rfp-registrations.other-callers-hidden',
    area: 'isolation',
    requirement: 'tenant.isolation',
    title: "Caller B's GET /rfp_registrations holds none of A's RfP Registrations",
  },
  async (t) => {
    await requireCallerB(t);
    const mine = await proofWalk(t, { path: '/rfp_registrations', auth: 'a' });
    const aIds = idsOf(mine);
    if (aIds.size === 0)
      t.skip(
        `caller A lists no RfP Registration (${mine.detail ?? 'an empty list'}), so there is none B must not see; run with a caller that has one`,
      );
    const theirs = await proofWalk(t, { path: '/rfp_registrations', auth: 'b' });
    if (refusedOutright(theirs)) {
      t.inconclusive(`caller B could not list its own RfP Registrations (${theirs.detail}); check --token-b`);
    }
    const leaked = theirs.items.map(record).filter((r) => typeof r.id === 'string' && aIds.has(r.id));
    reportLeaks(t, leaked, theirs, 'GET /rfp_registrations', "A's RfP Registrations");
  },
);

// The check below writes, so it runs alone, after the read-only ones.

conformanceCheck(
  {
    id: 'isolation.list-user-banks.other-callers-banks-hidden',
    area: 'isolation',
    requirement: 'tenant.isolation',
    title: "Caller B's GET /user_banks holds none of A's User Banks, including one A has just created",
  },
  async (t) => {
    await requireCallerB(t);
    let created: Record<string, string> | undefined;
    if (!t.settings.readOnly && t.run.client.budget.remaining > 0) {
      const body = uniqueBody(t.settings.userIdA, t.settings.seed);
      const exchange = await t.request({ method: 'POST', path: '/user_banks', json: body, auth: 'a' });
      if (isSuccess(exchange)) created = body;
    }
    const mine = await wholeListOf(t, { path: '/user_banks', auth: 'a' });
    const aIds = idsOf(mine);
    if (aIds.size === 0)
      t.skip(
        `caller A lists no User Bank (${mine.detail ?? 'an empty list'}); run without --read-only (a bank is created) or with a caller that has one`,
      );
    const theirs = await proofWalk(t, { path: '/user_banks', auth: 'b' });
    if (refusedOutright(theirs)) t.inconclusive(`caller B could not list its own User Banks (${theirs.detail}); check --token-b`);
    const leaked = theirs.items
      .map(record)
      .filter(
        (bank) =>
          bank.user_id === t.settings.userIdA ||
          (typeof bank.id === 'string' && aIds.has(bank.id)) ||
          (created !== undefined && bank.account_number === created.account_number),
      );
    if (
      !reportLeaks(t, leaked, theirs, 'GET /user_banks', `A's ${aIds.size} User Banks${created ? ' (one created by A just before)' : ''}`)
    )
      return;
    if (theirs.end !== 'complete') t.inconclusive(`caller B's listing could not be read to its end (${theirs.detail})`);
    t.passed(
      `none of A's ${aIds.size} User Banks${created ? ', one just created,' : ''} is among B's ${theirs.items.length}${created ? '' : ' (no bank created: --read-only or no write budget left)'}${readAsFarAs(mine, "A's GET /user_banks")}`,
    );
  },
  { sequential: true },
);

// isolation.create-user-bank.other-callers-user-refused is judged with the run's other absence proofs: suites/refused-writes.ts.
