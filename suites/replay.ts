/**
 * Every exchange is a test (src/methods/replay/): after the other checks, every distinct read of the run's
 * (within a request budget) and a create are sent again in equivalent spellings (RFC 3986, RFC 9110) and with other credentials. A guard
 * proven only on the spelling the checks happen to send is not proven; a cache keyed without the
 * caller, a route outside the auth middleware or a filter dropped by another query parser shows here.
 */
import type { CallersData } from '../src/methods/replay/callers-data.js';
import { otherResourceServed, servedToStranger } from '../src/methods/replay/judge.js';
import { budgetAtTargetRate } from '../src/http/budget-at-target-rate.js';
import { describeReach, replayRun, type ReplayRun, READ_REPLAY_BUDGET } from '../src/methods/replay/replay-run.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import { SAME_BUSINESS, requireCallerB, secondCaller } from '../src/methods/steps/caller-b.js';
import { crossCallerWrite, ISOLATION_CHECK } from '../src/methods/steps/cross-caller-write.js';
import { exampleCreateBody } from '../src/harness/example-body.js';
import { perRun } from '../src/harness/per-run.js';
import { accountsOfCallerB } from '../src/harness/accounts-of-caller-b.js';
import type { Probe } from '../src/harness/probe.js';
import { uniqueAccountNumber } from '../src/harness/unique-account-number.js';

// Its checks run side by side (they await one replay), beside the unusual requests and the absence proofs.
inSuite('replay', 'replay');

/**
 * Caller B's write on A's User (judged by the absence proofs, sent beside the replay): answered before
 * any replay create takes a budget slot, when the run judges it; a stored replay create must not leave
 * that check without a slot.
 */
async function aimedWriteAnswered(t: Probe): Promise<void> {
  if (t.settings.readOnly || !t.run.judged.has(ISOLATION_CHECK) || 'missing' in secondCaller(t.settings)) return;
  await crossCallerWrite(t).catch(() => undefined);
}

const replays = perRun(() => ({ pending: undefined as Promise<ReplayRun> | undefined }));

/** The run's one replay, started by whichever replay check comes first. */
function replayOnce(t: Probe): Promise<ReplayRun> {
  const slot = replays(t.run.client);
  const { settings } = t;
  const hasCallerB = Boolean(
    settings.tokenB && settings.userIdB && settings.tokenB !== settings.tokenA && settings.userIdB !== settings.userIdA,
  );
  slot.pending ??= replayRun({
    client: t.run.client,
    baseUrl: settings.baseUrl,
    tokenA: settings.tokenA,
    userIdA: settings.userIdA,
    hasCallerB,
    readOnly: settings.readOnly,
    createBody: () => ({ ...exampleCreateBody(settings.userIdA, settings.seed), account_number: uniqueAccountNumber() }),
    budget: budgetAtTargetRate(READ_REPLAY_BUDGET, t.run.client.throttleStats()),
    inFlight: settings.concurrency,
    // The replay starts with the unusual requests (src/harness/phases.ts): the reads they add wait for
    // their end, its creates for caller B's write on A's User, the one aimed write sent there.
    beforeReads: () => t.run.phases?.ended('unusual') ?? Promise.resolve(),
    beforeCreates: () => aimedWriteAnswered(t),
  });
  return slot.pending;
}

/** The caller's data as the replay's own reads showed it: its User, and the account numbers of banks this run created. */
function callersData(t: Probe, run: ReplayRun): CallersData {
  const { userIdA, userIdB } = t.settings;
  const accountNumbers = new Set<string>();
  for (const { read, original } of run.reads) {
    const data = (original.json as { data?: unknown } | undefined)?.data;
    if (read.operation !== 'list_user_banks' || !Array.isArray(data)) continue;
    for (const item of data as Array<Record<string, unknown>>) {
      if (typeof item?.id === 'string' && t.run.client.createdIds.has(item.id) && typeof item.account_number === 'string')
        accountNumbers.add(item.account_number);
    }
  }
  // An account the run also linked for the second caller (the sequences do, on purpose) is not the first caller's alone.
  for (const shared of accountsOfCallerB(t.run.client)) accountNumbers.delete(shared);
  return { userIds: new Set(userIdA === userIdB ? [] : [userIdA]), accountNumbers };
}

const requirementOf = {
  list_user_banks: 'auth.required.list_user_banks',
  list_rfp_registrations: 'auth.required.list_rfp_registrations',
  get_user: 'auth.required.get_user',
} as const;

function judgeStrangers(t: Probe, run: ReplayRun, otherCaller: boolean): void {
  const data = callersData(t, run);
  let judged = 0;
  for (const replayed of run.reads) {
    for (const { method, spelling, credential, exchange } of replayed.replays) {
      if (credential === undefined || credential.otherCaller !== otherCaller) continue;
      judged += 1;
      const why = servedToStranger(replayed, exchange, data, otherCaller);
      if (why === undefined) continue;
      t.fail(
        `${method} ${replayed.read.path} sent with ${credential.name}, ${spelling.name}, was answered ${exchange.status} and ${why}${otherCaller ? SAME_BUSINESS : ''}`,
        {
          exchange,
          expected: otherCaller ? "a refusal, or the second caller's own data" : 'a refusal (4xx), never the operation served',
          actual: `${exchange.status}: ${why}`,
          ...(otherCaller ? {} : { requirements: [requirementOf[replayed.read.operation]] }),
        },
      );
    }
  }
  for (const { spelling, credential, exchange } of run.creates) {
    if (credential.otherCaller !== otherCaller) continue;
    judged += 1;
    if (exchange.status < 200 || exchange.status > 299) continue;
    t.fail(
      `POST /user_banks for the caller's User, sent with ${credential.name}, ${spelling.name}, was answered ${exchange.status}: a User Bank was created without the caller's credentials${otherCaller ? SAME_BUSINESS : ''}`,
      {
        exchange,
        expected: 'a refusal (4xx)',
        actual: String(exchange.status),
        ...(otherCaller ? {} : { requirements: ['auth.required.create_user_bank'] }),
      },
    );
  }
  if (judged === 0) t.inconclusive('no exchange of the run could be replayed');
  t.passed(
    `${judged} replays judged (${describeReach(run.reach)}; ${run.creates.length} creates${run.createsNotSent ? `; creates not replayed: ${run.createsNotSent}` : ''})`,
  );
}

conformanceCheck(
  {
    id: 'replay.refused-credentials-get-no-data',
    area: 'replay',
    requirement: 'auth.bearer',
    covers: [
      'auth.required.create_user_bank',
      'auth.required.list_user_banks',
      'auth.required.list_rfp_registrations',
      'auth.required.get_user',
    ],
    title: "Reads and a create replayed with bad credentials serve none of the caller's data",
    description:
      "Every read and a create of the run, replayed in equivalent spellings with no, another scheme's or a near-miss credential, serve none of the caller's data",
  },
  async (t) => {
    const run = await replayOnce(t);
    judgeStrangers(t, run, false);
  },
);

conformanceCheck(
  {
    id: 'replay.other-caller-gets-no-data',
    area: 'replay',
    requirement: 'tenant.isolation',
    title: "Reads and a create replayed as the second caller serve none of the first's data",
    description:
      "Every read and a create of the run, replayed in equivalent spellings as the second caller, serve none of the first caller's data",
  },
  async (t) => {
    await requireCallerB(t);
    const run = await replayOnce(t);
    judgeStrangers(t, run, true);
  },
);

conformanceCheck(
  {
    id: 'replay.spelling-serves-the-same-resource',
    area: 'replay',
    requirement: 'get_user.identity',
    covers: ['list_user_banks.user_id_filter', 'list_user_banks.status_filter'],
    title: 'Reads replayed in equivalent spellings are refused or serve the same resource',
    description:
      "Every read of the run, replayed with the caller's token in equivalent spellings, is refused or serves the resource asked for (the same User, the filters still applied)",
  },
  async (t) => {
    const run = await replayOnce(t);
    let judged = 0;
    for (const replayed of run.reads) {
      for (const { spelling, credential, exchange } of replayed.replays) {
        if (credential !== undefined) continue;
        judged += 1;
        const other = otherResourceServed(replayed, exchange);
        if (other === undefined) continue;
        t.fail(`GET ${replayed.read.path} with the caller's token, ${spelling.name}, was answered ${exchange.status} and ${other.why}`, {
          exchange,
          expected: 'a refusal, or the resource asked for',
          actual: other.why,
          requirements: [other.requirement],
        });
      }
    }
    if (judged === 0) t.inconclusive('no read of the run could be replayed');
    t.passed(`${judged} spellings judged (${describeReach(run.reach)})`);
  },
);
