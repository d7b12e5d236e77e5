/**
 * POST /user_banks (spec 4.1, 2.1), property-based. The valid-body properties run together and
 * share their requests: one body per value class the run tries (src/contract/arbitraries/value-classes.ts),
 * sent at once, judged by every valid-body property and, as banks created at once, by the
 * concurrency check. The API has no DELETE, so each write stays on the target for good: a run
 * writes one bank per class it means to try, not one per check. The invalid-body properties run after them, one at a
 * time, sharing their requests too, each sent after the listing of the User that the absence proof
 * compares with: whether a refused request stored anything (user-banks.create.invalid.creates-nothing)
 * is judged with the run's other absence proofs, in suites/refused-writes.ts.
 */
import type fc from 'fast-check';
import { createBody } from '../src/contract/arbitraries/create-body.js';
import { classBodies } from '../src/contract/arbitraries/value-classes.js';
import { invalidCreateExamples, invalidCreateRequest } from '../src/contract/arbitraries/invalid-body.js';
import type { CreateBody } from '../src/core/domain/user-bank.js';
import { judgeConcurrentCreation, describeBodies } from '../src/methods/property/concurrent-creation.js';
import {
  describeInvalid,
  invalidSends,
  judgeConventional,
  judgeNo5xx,
  judgeRefused,
  type InvalidSent,
} from '../src/methods/property/invalid-creation.js';
import { drawnInputs, reportProperty, runProperty, type Verdict } from '../src/methods/property/run-property.js';
import { perRun } from '../src/harness/per-run.js';
import { SendCache, type Sent } from '../src/methods/property/send-cache.js';
import {
  describeBody,
  judgeCreateStatus,
  judgeCreatedAt,
  judgeLinkedUser,
  judgePersisted,
  judgeReturnedAsGiven,
  judgeSchema,
  type Creation,
} from '../src/methods/property/valid-creation.js';
import { fieldRequirements } from '../src/contract/checks/resource-fields.js';
import { conformanceCheck, inSuite, type CheckBody } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';
import { listingBeforeRefusedWrites } from '../src/methods/steps/refused-writes.js';
import { writesNeeded } from '../src/harness/writes-needed.js';
import { AT_ONCE_MIN, KEEP_FOR_LATER, planWrites } from '../src/core/write-plan.js';

inSuite('user-banks.create', 'creates');

const validSends = perRun(
  (client) =>
    new SendCache<CreateBody>(
      client,
      (body) => JSON.stringify(body),
      (json) => ({ method: 'POST', path: '/user_banks', json }),
    ),
);
/**
 * How the creation checks share the write budget, fixed when the first of them starts (they run side
 * by side, and the valid-body properties must all judge the same bodies): src/core/write-plan.ts.
 * The default --max-writes is the budget that gives them a body per value class, so a run against a
 * User that already holds the paging data creates at most that many User Banks. A smaller
 * --max-writes sends fewer valid bodies.
 */
const writePlans = perRun(() => ({ plan: undefined as { valid: number; atOnce: number } | undefined }));
function writePlan(t: Probe): { valid: number; atOnce: number } {
  const holder = writePlans(t.run.client);
  holder.plan ??= planWrites(t.run.client.budget.remaining, t.settings.runs);
  return holder.plan;
}

function requireWrites(t: Probe): void {
  if (t.settings.readOnly) t.skip('creates User Banks; run without --read-only to check creation');
  if (t.run.client.budget.remaining <= 0)
    t.skip(
      `the write budget (--max-writes ${t.settings.maxWrites}) is spent; raise it to check creation (${writesNeeded(t.settings.runs)})`,
    );
}

/**
 * The valid bodies' sends, within the plan: never more than one per class, whatever else the
 * budget holds at the moment, so the same --seed sends the same bodies.
 */
function plannedValidSends(t: Probe): SendCache<CreateBody> {
  const cache = validSends(t.run.client);
  cache.allowance ??= writePlan(t).valid;
  return cache;
}

/** The run's valid bodies: one per value class it tries, the same for every check of the run. */
const runClassBodies = perRun(() => ({ bodies: undefined as CreateBody[] | undefined }));
function validBodies(t: Probe): CreateBody[] {
  const holder = runClassBodies(t.run.client);
  holder.bodies ??= classBodies(t.settings.userIdA, t.settings.seed, writePlan(t).valid).map((c) => c.body);
  return holder.bodies;
}

/** How a property generates its inputs and which cache sends them (each input sent once per run). */
interface CachedRuns<T> {
  arbitrary: fc.Arbitrary<T>;
  numRuns: number;
  /** Inputs judged first, within numRuns. */
  examples?: T[];
  describe: (value: T) => string;
  cache: SendCache<T>;
  /** Awaited before an input is sent (once it is in the cache, never again). */
  beforeSend?: (t: Probe) => Promise<unknown>;
  /** Send every input at once (the valid bodies, which the concurrency check judges as banks created at once). */
  allAtOnce?: boolean;
}

/** The body of a check that judges the (shared, cached) answer to every generated input with `judge`. */
function cachedProperty<T>(
  what: string,
  plan: (t: Probe) => CachedRuns<T>,
  judge: (t: Probe, sent: Sent<T>) => Verdict | Promise<Verdict>,
  shrinkCalls?: number,
): CheckBody {
  return async (t) => {
    requireWrites(t);
    const { cache, describe, beforeSend, allAtOnce, ...runs } = plan(t);
    // The inputs the property will draw are sent ahead, side by side (within --concurrency, or all at
    // once): it then judges each from the cache, in its order (a shrink after a failure sends its own).
    const inputs = await drawnInputs(t, runs);
    if (beforeSend !== undefined && inputs.some((input) => !cache.has(input))) await beforeSend(t);
    await cache.prefill(inputs, allAtOnce === true ? inputs.length : t.settings.concurrency);
    const outcome = await runProperty(t, {
      ...runs,
      ...(shrinkCalls !== undefined ? { shrinkCalls } : {}),
      describe,
      judge: async (value) => {
        if (beforeSend !== undefined && !cache.has(value)) await beforeSend(t);
        const sent = await cache.send(value);
        t.attach(sent.exchange);
        return judge(t, sent);
      },
    });
    reportProperty(t, outcome, { what, describe });
  };
}

/** Judges every valid body's answer; all of these share the same bodies and answers. */
// Not shrunk: the plan sends one body per class and no more (each shrink would leave a bank behind).
const validProperty = (what: string, judge: (t: Probe, sent: Creation) => Verdict | Promise<Verdict>, shrinkCalls = 0): CheckBody =>
  cachedProperty(
    what,
    (t) => ({
      arbitrary: createBody(t.settings.userIdA),
      examples: validBodies(t),
      numRuns: validBodies(t).length,
      describe: describeBody,
      cache: plannedValidSends(t),
      allAtOnce: true,
    }),
    judge,
    shrinkCalls,
  );

conformanceCheck(
  {
    id: 'user-banks.create.schema',
    area: 'user-banks.create',
    requirement: 'create_user_bank.response',
    covers: ['create_user_bank.operation', 'create_user_bank.body_object', ...fieldRequirements('user_bank'), 'json.bodies'],
    title: 'A valid POST /user_banks answers 2xx with one whole User Bank (property)',
    description: 'POST /user_banks with a valid body answers 2xx with one User Bank object with all its fields (property)',
  },
  validProperty('every valid body gives one User Bank with all its fields', (_t, sent) => judgeSchema(sent)),
);
conformanceCheck(
  {
    id: 'user-banks.create.returned-as-given',
    area: 'user-banks.create',
    requirement: 'create_user_bank.returned_as_given',
    title: 'A created User Bank has account_number and routing_number as sent (property)',
    description: 'The created User Bank carries account_number and routing_number exactly as sent, leading zeros included (property)',
  },
  validProperty('account_number and routing_number come back as given', (_t, sent) => judgeReturnedAsGiven(sent)),
);
conformanceCheck(
  {
    id: 'user-banks.create.linked-user',
    area: 'user-banks.create',
    requirement: 'create_user_bank.linked_user',
    title: 'The created User Bank is linked to the user_id it was created for (property)',
  },
  validProperty('the bank is linked to the user_id sent', (_t, sent) => judgeLinkedUser(sent)),
);
conformanceCheck(
  {
    id: 'user-banks.create.created-at',
    area: 'user-banks.create',
    requirement: 'user_bank.created_at',
    title: 'created_at of a created User Bank is the time of creation (property)',
    description:
      "created_at of a created User Bank is the time of creation: within 2 minutes of the answer's Date header (without one: within a day of the suite's clock, a warn past 15 minutes) (property)",
  },
  validProperty('created_at is the time of creation', (_t, sent) => judgeCreatedAt(sent)),
);
conformanceCheck(
  {
    id: 'user-banks.create.status-code',
    area: 'user-banks.create',
    requirement: 'conv.create.2xx',
    title: 'A creation is answered 201 Created or 200 OK (property)',
  },
  validProperty('a creation answers 201 or 200', (_t, sent) => judgeCreateStatus(sent)),
);
// Not shrunk: each shrink would create a bank more and wait a whole settle window for it to be listed.
conformanceCheck(
  {
    id: 'user-banks.create.persisted',
    area: 'user-banks.create',
    requirement: 'create_user_bank.persisted',
    covers: ['list_user_banks.user_id_filter'],
    title: 'A created User Bank is then listed once with its values (property)',
    description:
      'A created User Bank then appears exactly once in GET /user_banks?user_id=..., with the values it was created with (property)',
  },
  validProperty('the created bank is listed once with its values', (t, sent) => judgePersisted(t, sent), 0),
);

conformanceCheck(
  {
    id: 'user-banks.create.concurrent',
    area: 'user-banks.create',
    requirement: 'user_bank.id',
    covers: ['create_user_bank.persisted'],
    title: 'User Banks created at once get distinct ids and all appear in the list',
    description: "User Banks created at once (the run's valid bodies, sent side by side) get distinct ids and all appear in the list",
  },
  async (t) => {
    requireWrites(t);
    const bodies = validBodies(t);
    if (bodies.length < AT_ONCE_MIN)
      t.skip(
        `creating banks at once needs at least ${AT_ONCE_MIN} writes beyond the ${KEEP_FOR_LATER} kept for later checks; --max-writes ${t.settings.maxWrites} leaves too few (${writesNeeded(t.settings.runs)})`,
      );
    // The valid-body properties' own sends, all at once: whichever check comes first sends them.
    const cache = plannedValidSends(t);
    await cache.prefill(bodies, bodies.length);
    const outcome = await runProperty(t, {
      arbitrary: createBody(t.settings.userIdA).map((b) => [b]),
      examples: [bodies],
      numRuns: 1,
      // A shrink would create banks more: the counterexample is the set sent.
      shrinkCalls: 0,
      describe: describeBodies,
      judge: (sent) => judgeConcurrentCreation(t, sent, async (body) => (await cache.send(body)).exchange),
    });
    reportProperty(t, outcome, {
      what: `${bodies.length} banks created at once get distinct ids and all appear`,
      describe: describeBodies,
    });
  },
);

const invalidRuns = (t: Probe): number => t.settings.runs;

/** Judges every invalid request's answer (most answers are already in the cache). */
const invalidProperty = (what: string, judge: (sent: InvalidSent) => Verdict): CheckBody =>
  cachedProperty(
    what,
    (t) => ({
      arbitrary: invalidCreateRequest(t.settings.userIdA),
      examples: invalidCreateExamples(t.settings.userIdA, t.settings.seed),
      numRuns: invalidRuns(t),
      describe: describeInvalid,
      cache: invalidSends(t.run.client),
      beforeSend: listingBeforeRefusedWrites,
    }),
    (_t, sent) => judge(sent),
  );

// After the valid-body checks, and one at a time: a shrink here may create.
const afterProof = { sequential: true };
conformanceCheck(
  {
    id: 'user-banks.create.invalid.refused',
    area: 'user-banks.create',
    requirement: 'create_user_bank.linked_user',
    covers: ['create_user_bank.body_object'],
    title: 'A body with nothing to link to a User is never answered 2xx (property)',
    description: 'A body that is not a JSON object, is malformed, or has no known user_id is never answered 2xx (property)',
  },
  invalidProperty('a body with nothing to link to a user is never accepted', judgeRefused),
  afterProof,
);
conformanceCheck(
  {
    id: 'user-banks.create.invalid.no-5xx',
    area: 'user-banks.create',
    requirement: 'http.no-5xx',
    title: 'No invalid create request is answered with a 5xx (property)',
  },
  invalidProperty('no invalid create request gets a 5xx', judgeNo5xx),
  afterProof,
);
conformanceCheck(
  {
    id: 'user-banks.create.invalid.4xx',
    area: 'user-banks.create',
    requirement: 'conv.bad_input.4xx',
    title: 'Invalid create requests are answered with a 4xx (property)',
    description: 'Invalid create requests are answered with a 4xx (where the spec does not say what is required: a warn) (property)',
  },
  invalidProperty('invalid create requests get a 4xx', judgeConventional),
  afterProof,
);
