/**
 * GET /users/{user_id} (spec 4.4, 2.2). Every id goes into the path escaped (encodeURIComponent).
 * Besides the configured user, the Users the caller's banks link to are read too: a defect that
 * shows only on some users (a null address.line2 left out) is seen on one of them.
 */
import { unknownUserId } from '../src/contract/arbitraries/unknown-user-id.js';
import type { Exchange } from '../src/http/exchange.js';
import { isServerError, isSuccess } from '../src/http/exchange.js';
import { drawnInputs, reportProperty, runProperty, type Verdict } from '../src/methods/property/run-property.js';
import { SendCache } from '../src/methods/property/send-cache.js';
import { fieldRequirements } from '../src/contract/checks/resource-fields.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';
import { dateOfBirthProblem } from '../src/core/domain/date-of-birth.js';
import { linkedUserIds } from '../src/methods/property/linked-users.js';
import { perRun } from '../src/harness/per-run.js';

inSuite('users', 'reads');

const userPath = (id: string): string => `/users/${encodeURIComponent(id)}`;

/** Read once, judged by several checks. */
const readsOf = perRun(() => new Map<string, Promise<Exchange>>());
function readUser(t: Probe, id: string): Promise<Exchange> {
  const reads = readsOf(t.run.client);
  let pending = reads.get(id);
  if (!pending) {
    pending = t.run.client.send({ path: userPath(id) });
    reads.set(id, pending);
  }
  return pending;
}

const linkedOf = perRun(() => ({ ids: undefined as Promise<string[]> | undefined }));
const linkedUsers = (t: Probe): Promise<string[]> => {
  const memo = linkedOf(t.run.client);
  memo.ids ??= linkedUserIds(t.run.client, t.settings.userIdA);
  return memo.ids;
};

conformanceCheck(
  {
    id: 'users.get.schema',
    area: 'users',
    requirement: 'get_user.response',
    covers: ['get_user.operation', ...fieldRequirements('user'), 'json.bodies'],
    title: 'GET /users/{user_id} answers 2xx with one User object of section 2.2',
  },
  async (t) => {
    const exchange = await readUser(t, t.settings.userIdA);
    t.attach(exchange);
    if (!t.expectSuccess(exchange, `GET /users/{user_id} for the configured user`)) return;
    if (!t.expectJson(exchange, 'GET /users/{user_id}')) return;
    t.expectSchema(exchange.json, 'user', 'the User', exchange);
  },
);

conformanceCheck(
  {
    id: 'users.get.identity',
    area: 'users',
    requirement: 'get_user.identity',
    title: 'GET /users/{user_id} answers the User asked for',
    description:
      'GET /users/{user_id} answers the User asked for: its id is the one in the path (configured user and users the banks link to)',
  },
  async (t) => {
    const ids = [t.settings.userIdA, ...(await linkedUsers(t))];
    let judged = 0;
    for (const id of ids) {
      const exchange = await readUser(t, id);
      t.attach(exchange);
      const body = exchange.json as { id?: unknown } | undefined;
      if (!isSuccess(exchange) || body === null || typeof body !== 'object') continue; // other checks judge the answer itself
      judged += 1;
      if (body.id === id) t.passed(`${judged} User(s) read, each the one asked for`);
      else
        t.fail(`GET /users/{user_id} for ${JSON.stringify(id)} answered a User whose id is ${JSON.stringify(body.id)}`, {
          exchange,
          expected: JSON.stringify(id),
          actual: JSON.stringify(body.id),
        });
    }
    if (judged === 0) t.skip('no User could be read (see users.get.schema); configure a --user-id this token can read');
  },
);

conformanceCheck(
  {
    id: 'users.get.linked-users',
    area: 'users',
    requirement: 'get_user.response',
    covers: ['user.address', 'user.date_of_birth', 'user.phone', 'user.ssn'],
    title: "The Users the caller's User Banks link to each match section 2.2",
    description: "The Users the caller's User Banks link to (up to 4 besides the configured one) each match section 2.2",
  },
  async (t) => {
    const ids = await linkedUsers(t);
    if (ids.length === 0)
      t.skip('no User Bank of the caller links to a User other than --user-id; link a bank to a second User to check more Users');
    let read = 0;
    for (const id of ids) {
      const exchange = await readUser(t, id);
      t.attach(exchange);
      if (isServerError(exchange)) {
        t.fail(`GET /users/{user_id} for a User a bank links to answered ${exchange.status}`, {
          exchange,
          expected: '2xx',
          actual: String(exchange.status),
        });
        continue;
      }
      // A bank may link to a User this caller cannot read (the spec does not say): only the Users it can read are judged.
      if (!isSuccess(exchange)) continue;
      read += 1;
      if (t.expectJson(exchange, 'GET /users/{user_id}')) t.expectSchema(exchange.json, 'user', `the User ${JSON.stringify(id)}`, exchange);
    }
    if (read === 0)
      t.skip(`none of the ${ids.length} User(s) the caller's banks link to could be read (non-2xx answers); nothing to judge`);
  },
);

conformanceCheck(
  {
    id: 'users.get.date-of-birth',
    area: 'users',
    requirement: 'user.date_of_birth',
    title: 'date_of_birth is a day of the calendar (month 1-12, not 0-based)',
    description: 'date_of_birth is a day of the calendar: date a day of month (1-31), month a month of year (1-12, not 0-based)',
  },
  async (t) => {
    let judged = 0;
    for (const id of [t.settings.userIdA, ...(await linkedUsers(t))]) {
      const exchange = await readUser(t, id);
      t.attach(exchange);
      const body = exchange.json as { date_of_birth?: unknown } | undefined;
      if (!isSuccess(exchange) || body === null || typeof body !== 'object') continue;
      const problem = dateOfBirthProblem(body.date_of_birth);
      judged += 1;
      if (problem === undefined) t.passed(`${judged} User(s) with a date_of_birth the calendar has`);
      else
        t.fail(`the User ${JSON.stringify(id)}: ${problem}`, {
          exchange,
          expected: 'a day of the calendar, month 1 to 12',
          actual: problem,
        });
    }
    if (judged === 0) t.skip('no User could be read (see users.get.schema); configure a --user-id this token can read');
  },
);

conformanceCheck(
  {
    id: 'users.get.unknown',
    area: 'users',
    requirement: 'get_user.identity',
    covers: ['http.no-5xx', 'conv.not_found.404'],
    title: 'GET /users/{user_id} for an unknown id answers 4xx, never 5xx nor another User (property)',
    description:
      'GET /users/{user_id} for ids that do not exist (escaped in the path) answers 4xx (404 expected), never 5xx nor another User (property)',
  },
  async (t) => {
    // The ids the property draws are read ahead side by side (within --concurrency), then judged one
    // by one from the cache in the property's order; a shrink reads its own.
    const reads = new SendCache<string>(
      t.run.client,
      (id) => id,
      (id) => ({ path: userPath(id) }),
    );
    const arbitrary = unknownUserId();
    await reads.prefill(await drawnInputs(t, { arbitrary, numRuns: t.settings.runs }), t.settings.concurrency);
    const judge = async (id: string): Promise<Verdict> => {
      const { exchange } = await reads.send(id);
      t.attach(exchange);
      const body = exchange.json as { id?: unknown } | undefined;
      if (isServerError(exchange))
        return {
          ok: false,
          problem: `an id that does not exist was answered ${exchange.status}, a server error`,
          expected: '404',
          actual: String(exchange.status),
          exchange,
          requirements: ['http.no-5xx'],
        };
      if (isSuccess(exchange)) {
        if (body === null || typeof body !== 'object' || body.id !== id) {
          return {
            ok: false,
            problem: `an id that does not exist was answered ${exchange.status} with ${body && typeof body === 'object' ? `a User whose id is ${JSON.stringify(body.id)}` : 'no User'}`,
            expected: '404',
            actual: String(exchange.status),
            exchange,
          };
        }
        return {
          ok: true,
          warning: { key: 'found', message: `an id the suite made up was answered ${exchange.status} as an existing User`, exchange },
        };
      }
      if (exchange.status !== 404)
        return {
          ok: true,
          warning: {
            key: `status:${exchange.status}`,
            message: `an id that does not exist was answered ${exchange.status}; 404 (Not Found) is the convention`,
            exchange,
          },
        };
      return { ok: true };
    };
    const outcome = await runProperty(t, {
      arbitrary,
      numRuns: t.settings.runs,
      describe: (id) => `user_id ${JSON.stringify(id)} (path ${userPath(id)})`,
      judge,
    });
    reportProperty(t, outcome, {
      what: 'an unknown user id gets a 4xx',
      describe: (id) => `user_id ${JSON.stringify(id)} (path ${userPath(id)})`,
    });
  },
);
