/**
 * Refused writes are stored nowhere (spec 4.1, 4.3, 5): the absence proofs of the whole run, judged
 * together in the last suite file. The writes they judge were sent earlier (the POSTs with bad
 * credentials of auth.test.ts, the invalid bodies of user-banks.create.test.ts) or are sent here
 * (caller B's POST naming A's User), every one after a single listing of the configured User. The
 * proofs then wait out one settle window since the run's latest write and share one listing after it
 * (src/methods/steps/refused-writes.ts), instead of a window and a walk of the User's list each: on a
 * long-lived staging User that is most of what they cost. In a shard without those files, a proof
 * sends its writes itself (each is sent once per run, on first use).
 */
import { invalidCreateExamples, invalidCreateRequest } from '../src/contract/arbitraries/invalid-body.js';
import { isSuccess, type Exchange } from '../src/http/exchange.js';
import { proofWalk } from '../src/methods/pagination/proof-walk.js';
import { idOf, type BankListing } from '../src/methods/steps/bank-listing.js';
import { NothingCreatedProof, describeInvalid, invalidSends } from '../src/methods/property/invalid-creation.js';
import { reportProperty, runProperty } from '../src/methods/property/run-property.js';
import { allAttempts, settle, type Settled } from '../src/methods/steps/auth-attempts.js';
import { SAME_BUSINESS, requireCallerB } from '../src/methods/steps/caller-b.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import { crossCallerWrite } from '../src/methods/steps/cross-caller-write.js';
import type { Probe } from '../src/harness/probe.js';
import { idsIn, listingAfterWrites, listingBeforeRefusedWrites, refusedWritesUser } from '../src/methods/steps/refused-writes.js';
import { screenUnusualRequests } from '../src/methods/robustness/screen.js';

inSuite('refused-writes', 'absence');

const createAttempts = (t: Probe) => allAttempts(t).filter((a) => a.operation.key === 'create-user-bank');

const hasSecondCaller = (t: Probe): boolean => {
  const { tokenA, tokenB, userIdA, userIdB } = t.settings;
  return tokenB !== undefined && userIdB !== undefined && tokenB !== tokenA && userIdB !== userIdA;
};

/**
 * Every write of this file answered before any proof reads the list after the window, so all of them
 * wait for the same latest write and share one listing. A write that could not be sent (the write
 * budget) is the business of its own check.
 */
async function writesOfThisFileAnswered(t: Probe): Promise<void> {
  // Only the writes of the proofs this run judges: --skip-area robustness, or --check naming another
  // proof, sends no unusual request.
  const judged = (id: string): boolean => t.run.judged.has(id);
  const pending: Promise<unknown>[] = [];
  if (judged('auth.create-user-bank.refused-write-no-effect')) pending.push(settle(createAttempts(t)));
  if (judged('robustness.refused-requests-store-nothing')) pending.push(screenUnusualRequests(t));
  if (judged('isolation.create-user-bank.other-callers-user-refused') && hasSecondCaller(t)) pending.push(crossCallerWrite(t));
  await Promise.allSettled(pending);
}

/**
 * A User's banks (the configured User's unless named) once every write of this file is answered and
 * the settle window has passed (a replica may store a write late), by account number: those that were
 * not listed before the run's refused writes, nor are among `alsoKnown`. Inconclusive when the listing
 * itself is refused.
 */
async function newBanksAfterRefusals(
  t: Probe,
  alsoKnown: ReadonlySet<string> = new Set(),
  user: string = t.settings.userIdA,
): Promise<{ listing: BankListing; byAccount: Map<string, Record<string, unknown>> }> {
  await writesOfThisFileAnswered(t);
  const known = idsIn(await listingBeforeRefusedWrites(t, user));
  const listing = await listingAfterWrites(t, user);
  if (listing.walk.end === 'http-error' && listing.walk.pages.length === 1) {
    t.inconclusive(
      `the authorized listing GET /user_banks?user_id={user_id} that should prove it was refused (${listing.walk.detail}); check --token and --user-id`,
    );
  }
  const byAccount = new Map<string, Record<string, unknown>>();
  for (const bank of listing.banks) {
    const id = idOf(bank);
    if (typeof bank.account_number === 'string' && (id === undefined || (!known.has(id) && !alsoKnown.has(id))))
      byAccount.set(bank.account_number, bank);
  }
  return { listing, byAccount };
}

const record = (item: unknown): Record<string, unknown> =>
  item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {};

conformanceCheck(
  {
    id: 'auth.create-user-bank.refused-write-no-effect',
    area: 'auth',
    requirement: 'auth.refused_write_no_effect',
    covers: ['auth.required.create_user_bank'],
    title: 'A POST /user_banks refused for its credentials creates nothing',
    description: 'A POST /user_banks refused for its credentials creates nothing (an authorized listing afterwards does not hold it)',
  },
  async (t) => {
    if (t.settings.readOnly)
      t.skip('sends POST /user_banks with bad credentials, then lists; run without --read-only to prove a refused write creates nothing');
    const settled = await settle(createAttempts(t));
    const refused = settled.filter((s): s is Settled & { exchange: Exchange } => s.exchange !== undefined && !isSuccess(s.exchange));
    if (refused.length === 0) {
      const error = settled.find((s) => s.error !== undefined)?.error;
      if (error !== undefined) throw error;
      t.skip(
        'no POST /user_banks with bad credentials was refused, so there is no refused write to look for (the auth.create-user-bank.*-refused checks report it)',
      );
    }
    for (const { exchange } of refused) t.attach(exchange);
    const { user, whose } = await refusedWritesUser(t);
    const { listing, byAccount } = await newBanksAfterRefusals(t, new Set(), user);
    for (const { attempt, exchange } of refused) {
      const stored = byAccount.get(attempt.accountNumber as string);
      if (stored) {
        t.fail(
          `POST /user_banks with ${attempt.variant.name} was refused with ${exchange.status}, yet its User Bank (id ${String(stored.id)}) appears in GET /user_banks?user_id={user_id}`,
          {
            exchange,
            expected: 'the refused body stored nowhere',
            actual: `User Bank ${String(stored.id)} with the refused body's account number`,
          },
        );
      } else {
        t.passed();
      }
    }
    if (!listing.complete)
      t.inconclusive(
        `${whose} could not be read to its end (${listing.walk.detail}), so a stored refused write might be further on; a --user-id with fewer User Banks lets the proof finish`,
      );
    t.passed(
      `${refused.length} refused POST(s); none of their User Banks appears in the ${listing.banks.length} User Banks of ${whose}, read to its end`,
    );
  },
);

conformanceCheck(
  {
    id: 'isolation.create-user-bank.other-callers-user-refused',
    area: 'isolation',
    requirement: 'tenant.isolation',
    title: "Caller B's POST /user_banks with A's user_id is refused and stores nothing",
    description:
      "Caller B's POST /user_banks with A's user_id is refused (not 2xx), and afterwards neither A's nor B's list holds that User Bank",
  },
  async (t) => {
    await requireCallerB(t);
    if (t.settings.readOnly) t.skip("sends POST /user_banks as caller B with A's user_id; run without --read-only to check it");
    const { body, exchange: post } = await crossCallerWrite(t);
    t.attach(post);
    // B may not link a bank to A's User: the answer must be a refusal...
    if (isSuccess(post)) {
      t.fail(
        `caller B's POST /user_banks with A's user_id was answered ${post.status}: B linked a User Bank to another caller's User${SAME_BUSINESS}`,
        {
          exchange: post,
          expected: 'a refusal (not 2xx)',
          actual: String(post.status),
        },
      );
    } else {
      t.passed();
    }
    // ...and, refused or not, nothing of it may be kept: neither where A looks nor in B's own list.
    // A replica may store it late, so the lists are read once the settle window has passed.
    await writesOfThisFileAnswered(t);
    const { user, whose } = await refusedWritesUser(t);
    const known = idsIn(await listingBeforeRefusedWrites(t, user));
    const sentHere = (bank: Record<string, unknown>): boolean => bank.account_number === body.account_number && bank.user_id === user;
    const ofA = await listingAfterWrites(t, user);
    const ofB = await proofWalk(t, { path: '/user_banks', auth: 'b' });
    const lists = [
      {
        where: `A's GET /user_banks?user_id={A's user} (${whose})`,
        walk: ofA.walk,
        items: ofA.banks.filter((bank) => !known.has(idOf(bank) ?? '')),
      },
      { where: "B's own GET /user_banks", walk: ofB, items: ofB.items.map(record) },
    ];
    const unfinished: string[] = [];
    for (const list of lists) {
      if (list.walk.end === 'http-error' && list.walk.pages.length === 1)
        t.inconclusive(`${list.where} was refused (${list.walk.detail}); check --token, --token-b and the user ids`);
      const stored = list.items.find(sentHere);
      if (stored) {
        t.fail(
          `caller B's POST /user_banks with A's user_id (answered ${post.status}) left User Bank ${String(stored.id)} linked to A's User in ${list.where}${SAME_BUSINESS}`,
          {
            exchange: post,
            expected: "no User Bank on A's user made by B",
            actual: `User Bank ${String(stored.id)}`,
          },
        );
      } else if (list.walk.end === 'complete') {
        t.passed();
      } else {
        unfinished.push(`${list.where} (${list.walk.detail ?? list.walk.end})`);
      }
    }
    if (unfinished.length > 0)
      t.inconclusive(
        `could not read to its end: ${unfinished.join('; ')}, so B's bank might be further on; Users with fewer User Banks let the proof finish`,
      );
    t.passed(
      `caller B's POST with A's user_id was answered ${post.status}; nothing of it is in A's list (${whose}, ${ofA.banks.length} User Banks) or B's, each read to its end`,
    );
  },
);

conformanceCheck(
  {
    id: 'user-banks.create.invalid.creates-nothing',
    area: 'user-banks.create',
    requirement: 'create_user_bank.persisted',
    title: 'A refused create request creates nothing (property)',
    description: "A refused create request creates nothing (proved by listing the User's banks after each) (property)",
  },
  async (t) => {
    if (t.settings.readOnly)
      t.skip('sends invalid POST /user_banks requests; run without --read-only to prove a refused one creates nothing');
    // No free write slot is needed: the create suite's invalid-body checks sent these requests (same
    // seed, same inputs) and this one judges their answers; one it must send and cannot stops the
    // property there (runProperty), it never skips the check (it used to, once the robustness screen
    // had taken the rest of the budget, on some seeds).
    const proof = new NothingCreatedProof(invalidSends(t.run.client));
    const outcome = await runProperty(t, {
      arbitrary: invalidCreateRequest(t.settings.userIdA),
      examples: invalidCreateExamples(t.settings.userIdA, t.settings.seed),
      numRuns: t.settings.runs,
      // The requests were sent (and shrunk) by the create suite's invalid-body checks; this one judges their effect.
      shrinkCalls: 0,
      describe: describeInvalid,
      judge: (request) => proof.judge(t, request),
    });
    await writesOfThisFileAnswered(t);
    const note = await proof.settle(t);
    reportProperty(t, outcome, {
      what: `a refused create request creates nothing${note !== undefined ? ` (${note})` : ''}`,
      describe: describeInvalid,
    });
  },
);

/** The account number of an unusual create's body, when it parses and has one. */
function accountNumberOf(rawBody: string | undefined): string | undefined {
  try {
    const body = record(JSON.parse((rawBody ?? '').replace(/^\uFEFF/, '')));
    return typeof body.account_number === 'string' && body.account_number !== '' ? body.account_number : undefined;
  } catch {
    return undefined;
  }
}

conformanceCheck(
  {
    id: 'robustness.refused-requests-store-nothing',
    area: 'robustness',
    requirement: 'create_user_bank.persisted',
    title: 'An unusual POST /user_banks that is refused stores nothing',
    description:
      'An unusual POST /user_banks that is refused (4xx) stores nothing: no User Bank with its account number is listed after the settle window',
  },
  async (t) => {
    if (t.settings.readOnly)
      t.skip('sends unusual POST /user_banks requests, then lists; run without --read-only to prove a refused one stores nothing');
    const screened = await screenUnusualRequests(t);
    const refused = screened.flatMap(({ request, exchange }) => {
      const accountNumber = accountNumberOf(request.rawBody);
      const isRefusal = exchange !== undefined && exchange.status >= 400 && exchange.status < 500 && exchange.status !== 429;
      return request.method === 'POST' && request.path === '/user_banks' && isRefusal && accountNumber !== undefined
        ? [{ request, exchange, accountNumber }]
        : [];
    });
    if (refused.length === 0)
      t.skip('no unusual POST /user_banks carrying an account number was refused, so there is no refused write to look for');
    // Banks neither there before the run's refused writes nor created by an accepted request of this run.
    const { listing, byAccount } = await newBanksAfterRefusals(t, t.run.client.createdIds);
    for (const { request, exchange, accountNumber } of refused) {
      const stored = byAccount.get(accountNumber);
      if (stored) {
        t.fail(
          `${request.kind} was refused with ${exchange.status}, yet a User Bank with its account number (id ${String(stored.id)}) appears in GET /user_banks?user_id={user_id}`,
          {
            exchange,
            expected: 'the refused request stored nowhere',
            actual: `User Bank ${String(stored.id)} with the refused body's account number`,
          },
        );
      }
    }
    if (!listing.complete)
      t.inconclusive(
        `the configured User's list could not be read to its end (${listing.walk.detail}), so a stored refused request might be further on (an unusual request may be legal and create, so they name the configured User, never a quiet one); a --user-id with fewer User Banks lets the proof finish`,
      );
    t.passed(
      `${refused.length} refused unusual POST(s); none of their User Banks appears in the configured User's ${listing.banks.length} listed User Banks`,
    );
  },
);
