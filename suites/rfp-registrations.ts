/** GET /rfp_registrations (spec 4.3, 2.3): the first page's schema, then the whole list walked. */
import { duplicatesIn, fieldOf, idOf } from '../src/methods/pagination/ids.js';
import { RFP_REGISTRATIONS } from '../src/methods/pagination/plan.js';
import { sharedWalk } from '../src/methods/pagination/shared-walks.js';
import type { WalkResult } from '../src/methods/pagination/walker.js';
import { fieldRequirements } from '../src/contract/checks/resource-fields.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

inSuite('rfp-registrations', 'reads');

conformanceCheck(
  {
    id: 'rfp-registrations.list.schema',
    area: 'rfp-registrations',
    requirement: 'list_rfp_registrations.response',
    covers: ['list_rfp_registrations.operation', ...fieldRequirements('rfp_registration'), 'rfp_registration.states'],
    title: 'GET /rfp_registrations answers 2xx with a list envelope of RfP Registration objects',
  },
  async (t) => {
    const exchange = await t.request({ path: '/rfp_registrations' });
    if (!t.expectSuccess(exchange, 'GET /rfp_registrations')) return;
    if (!t.expectJson(exchange, 'GET /rfp_registrations')) return;
    t.expectSchema(exchange.json, 'rfp-registration-list', 'the list of RfP Registrations', exchange);
  },
);

const FIELDS = ['id', 'created_at', 'status', 'use_case'] as const;
const STATUS = ['pending', 'active', 'inactive'];
const USE_CASE = ['account_to_account', 'business_to_business', 'bill_pay'];
/** Spec 2.3's internal names, which are not values: a service that leaks them gets a precise message. */
const INTERNAL: Record<string, string> = {
  rfp_registration_pending: 'pending',
  rfp_registration_active: 'active',
  rfp_registration_inactive: 'inactive',
  rfp_registration_use_case_account_to_account: 'account_to_account',
  rfp_registration_use_case_business_to_business: 'business_to_business',
  rfp_registration_use_case_bill_pay: 'bill_pay',
};

/** Every page of the list (its pagination controls are not shown: no limit is sent, next_cursor is followed). */
const registrations = (t: Probe): Promise<WalkResult> => sharedWalk(t, 'rfp_registrations', { path: RFP_REGISTRATIONS });

/** The items, or a skip when the walk gave none to judge (rfp-registrations.list.walk reports why). */
async function itemsToJudge(t: Probe): Promise<{ items: unknown[]; pageOf: (i: number) => number }> {
  const result = await registrations(t);
  if (result.items.length === 0) {
    if (result.end === 'complete')
      return t.skip(
        'the caller has no RfP Registrations, so there is nothing to judge; a caller onboarded for at least one RfP use case would enable this check',
      );
    return t.inconclusive(
      `the walk of GET /rfp_registrations gave no items (${result.detail ?? result.end}); rfp-registrations.list.walk reports it`,
    );
  }
  const pages: number[] = [];
  for (const page of result.pages) for (let i = 0; i < page.itemCount; i += 1) pages.push(page.index + 1);
  return { items: result.items, pageOf: (i) => pages[i] ?? 0 };
}

conformanceCheck(
  {
    id: 'rfp-registrations.list.walk',
    area: 'rfp-registrations',
    requirement: 'list_rfp_registrations.all',
    covers: ['list.envelope', 'list.next_cursor'],
    title: 'GET /rfp_registrations can be read to the end, every page an envelope',
    description: 'GET /rfp_registrations can be read to the end: every page an envelope, a non-null next_cursor followed until null',
  },
  async (t) => {
    const result = await registrations(t);
    const pages = `${result.pages.length} page${result.pages.length === 1 ? '' : 's'}`;
    switch (result.end) {
      case 'complete':
        t.passed(`read to the end: ${result.items.length} registration(s) on ${pages}`);
        return;
      case 'time-cap':
        return t.inconclusive(
          `the walk of GET /rfp_registrations did not finish in time: ${result.detail}; a faster target or a larger --timeout-ms would enable this check`,
        );
        break;
      case 'http-error': {
        const status = result.pages.at(-1)?.status ?? 0;
        const message = `GET /rfp_registrations cannot be read to the end: ${result.detail}`;
        // A 4xx to a cursor the service itself handed out leaves part of the list unreadable: a warn
        // (the operation's pagination controls are not shown); a 5xx is a server defect.
        if (status >= 500 || result.pages.length === 1)
          t.fail(message, { ...(result.endExchange ? { exchange: result.endExchange } : {}) });
        else t.warn(message, { ...(result.endExchange ? { exchange: result.endExchange } : {}) });
        return;
      }
      case 'page-cap':
        if (duplicatesIn(result).length === 0) {
          return t.inconclusive(
            `GET /rfp_registrations ${result.detail}, without any registration twice: the list may be larger than the suite walks`,
          );
        }
        t.fail(`GET /rfp_registrations never ends: ${result.detail}, listing registrations again and again`, {
          ...(result.endExchange ? { exchange: result.endExchange } : {}),
        });
        return;
      default:
        t.fail(`GET /rfp_registrations cannot be read to the end (${result.end}): ${result.detail}`, {
          ...(result.endExchange ? { exchange: result.endExchange } : {}),
        });
    }
  },
);

conformanceCheck(
  {
    id: 'rfp-registrations.list.fields',
    area: 'rfp-registrations',
    requirement: 'rfp_registration.required',
    title: 'Every RfP Registration on every page has all four fields: id, created_at, status, use_case',
  },
  async (t) => {
    const { items, pageOf } = await itemsToJudge(t);
    let bad = 0;
    items.forEach((item, i) => {
      const missing = FIELDS.filter((f) => fieldOf(item, f) === undefined || fieldOf(item, f) === null);
      if (missing.length === 0) return;
      bad += 1;
      t.fail(
        `RfP Registration ${i + 1} (page ${pageOf(i)}${idOf(item) ? `, id ${idOf(item)}` : ''}) lacks ${missing.join(', ')}: all four fields are required in every returned object`,
        {
          expected: FIELDS.join(', '),
          actual: `present: ${FIELDS.filter((f) => !missing.includes(f)).join(', ') || 'none'}`,
        },
      );
    });
    if (bad === 0) t.passed(`all four fields on each of ${items.length} registration(s)`);
  },
);

function enumCheck(field: 'status' | 'use_case', allowed: string[]) {
  return async (t: Probe): Promise<void> => {
    const { items, pageOf } = await itemsToJudge(t);
    let judged = 0;
    items.forEach((item, i) => {
      const value = fieldOf(item, field);
      if (value === undefined) return; // rfp-registrations.list.fields reports a missing field
      judged += 1;
      if (typeof value === 'string' && allowed.includes(value)) return;
      const where = `RfP Registration ${i + 1} (page ${pageOf(i)}${idOf(item) ? `, id ${idOf(item)}` : ''})`;
      const internal = typeof value === 'string' ? INTERNAL[value] : undefined;
      t.fail(
        internal !== undefined
          ? `${where} has ${field} "${value}", the internal name; the value is "${internal}"`
          : `${where} has ${field} ${JSON.stringify(value)}, outside the closed set ${allowed.join(', ')}`,
        {
          expected: `one of ${allowed.join(', ')}`,
          actual: JSON.stringify(value),
          // A status that is no state's value nor its internal name is a state of its own: 3 says the three are the complete set.
          ...(field === 'status' && internal === undefined ? { requirements: ['rfp_registration.status', 'rfp_registration.states'] } : {}),
        },
      );
    });
    if (judged === 0)
      return t.skip(`no registration carries ${field}, so there is nothing to judge (rfp-registrations.list.fields reports it)`);
    t.passed(`${field} of ${judged} registration(s) judged against ${allowed.join(', ')}`);
  };
}

conformanceCheck(
  {
    id: 'rfp-registrations.list.status-enum',
    area: 'rfp-registrations',
    requirement: 'rfp_registration.status',
    covers: ['rfp_registration.states'],
    title: 'Every RfP Registration status is one of pending, active, inactive (never an internal name)',
  },
  enumCheck('status', STATUS),
);
conformanceCheck(
  {
    id: 'rfp-registrations.list.use-case-enum',
    area: 'rfp-registrations',
    requirement: 'rfp_registration.use_case',
    title: "Every RfP Registration use_case is one of the spec's three values",
    description: 'Every RfP Registration use_case is one of account_to_account, business_to_business, bill_pay (never an internal name)',
  },
  enumCheck('use_case', USE_CASE),
);

conformanceCheck(
  {
    id: 'rfp-registrations.list.unique-ids',
    area: 'rfp-registrations',
    requirement: 'rfp_registration.id',
    title: 'No RfP Registration id appears twice in the list',
  },
  async (t) => {
    const { items, pageOf } = await itemsToJudge(t);
    const firstSeen = new Map<string, number>();
    let repeats = 0;
    items.forEach((item, i) => {
      const id = idOf(item);
      if (id === undefined) return;
      const earlier = firstSeen.get(id);
      if (earlier === undefined) {
        firstSeen.set(id, i);
        return;
      }
      repeats += 1;
      t.fail(
        `RfP Registration id ${id} appears twice: item ${earlier + 1} (page ${pageOf(earlier)}) and item ${i + 1} (page ${pageOf(i)})`,
        {
          expected: 'unique ids',
          actual: `${id} twice`,
        },
      );
    });
    if (firstSeen.size === 0)
      return t.skip('no registration carries an id, so uniqueness cannot be judged (rfp-registrations.list.fields reports it)');
    if (repeats === 0) t.passed(`${firstSeen.size} distinct id(s)`);
  },
);
