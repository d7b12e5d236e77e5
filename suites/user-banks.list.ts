/** GET /user_banks (spec 4.2, 2.1, 2.4); the walks, limits and cursors are in suites/pagination.*.ts. */
import { isClientError, isServerError, isSuccess, type Exchange } from '../src/http/exchange.js';
import { once } from '../src/methods/pagination/shared-walks.js';
import { readEnvelope } from '../src/methods/pagination/walker.js';
import { fieldRequirements } from '../src/contract/checks/resource-fields.js';
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';

inSuite('user-banks.list', 'reads');

conformanceCheck(
  {
    id: 'user-banks.list.schema',
    area: 'user-banks.list',
    requirement: 'list_user_banks.response',
    covers: ['list_user_banks.operation', 'list.envelope', 'list.data', 'list.next_cursor', ...fieldRequirements('user_bank')],
    title: 'GET /user_banks answers 2xx with a list envelope of User Bank objects',
  },
  async (t) => {
    const exchange = await t.request({ path: '/user_banks' });
    if (!t.expectSuccess(exchange, 'GET /user_banks')) return;
    if (!t.expectJson(exchange, 'GET /user_banks')) return;
    t.expectSchema(exchange.json, 'user-bank-list', 'the list of User Banks', exchange);
  },
);

interface NoMatch {
  /** The 2xx answer to a filter value that matches nothing, when one filter gave one. */
  answer?: { exchange: Exchange; filter: string };
  /** Every request tried, in order. */
  tried: Array<{ exchange: Exchange; filter: string }>;
}

/**
 * A filter value no User Bank can have. The spec does not say whether an unknown value is refused
 * (400/404/422 are all legitimate), so a 4xx leads to the next filter; only a 2xx answer is judged.
 */
const noMatch = once(
  async (t: Probe): Promise<NoMatch> => {
    const marker = `conformance-no-match-${Math.abs(t.settings.seed) % 1_000_000}`;
    const tried: NoMatch['tried'] = [];
    for (const [name, value] of [
      ['user_id', `${marker}-user`],
      ['status', `${marker}-status`],
    ] as const) {
      const exchange = await t.request({ path: '/user_banks', query: { [name]: value } });
      const entry = { exchange, filter: `${name}=${value}` };
      tried.push(entry);
      if (isSuccess(exchange)) return { answer: entry, tried };
    }
    return { tried };
  },
  (result) => result.tried.map((entry) => entry.exchange),
);

async function noMatchAnswer(t: Probe): Promise<NoMatch['answer']> {
  const result = await noMatch(t);
  const broken = result.tried.filter(({ exchange }) => isServerError(exchange));
  for (const { exchange, filter } of broken)
    t.fail(`GET /user_banks?${filter} (a value that matches nothing) was answered ${exchange.status}`, {
      exchange,
      expected: 'an empty list (2xx) or a 4xx',
      actual: String(exchange.status),
    });
  if (result.answer) return result.answer;
  if (broken.length > 0) return undefined;
  const statuses = result.tried.map(({ exchange, filter }) => `${filter} -> ${exchange.status}`).join(', ');
  const refused = result.tried.every(({ exchange }) => isClientError(exchange));
  return t.skip(
    refused
      ? `the target refuses filter values that match nothing (${statuses}), which the spec allows, so no empty list could be obtained; a filter value that is valid but matches nothing would enable this check`
      : `no filter value that matches nothing gave a 2xx answer (${statuses})`,
  );
}

conformanceCheck(
  {
    id: 'user-banks.list.envelope-empty',
    area: 'user-banks.list',
    requirement: 'list.envelope',
    covers: ['list.data', 'list.next_cursor'],
    title: 'An empty GET /user_banks is still an envelope: data [], next_cursor present',
    description: 'An empty result of GET /user_banks is still an envelope: data an empty array, next_cursor present',
  },
  async (t) => {
    const answer = await noMatchAnswer(t);
    if (!answer) return;
    const { exchange, filter } = answer;
    const envelope = readEnvelope(exchange);
    if (envelope.problem !== undefined) {
      t.fail(`GET /user_banks?${filter} (nothing matches) is not a list envelope: ${envelope.problem}`, {
        exchange,
        ...(envelope.broken ? { requirements: envelope.broken } : {}),
        expected: '{"data": [], "next_cursor": null or a string}',
        actual: exchange.bodyText.slice(0, 200),
      });
      return;
    }
    t.passed(
      `an empty result (${filter}) is an envelope with data [] and next_cursor ${envelope.nextCursor === null ? 'null' : 'a string'}`,
    );
  },
);

conformanceCheck(
  {
    id: 'user-banks.list.filter-no-match',
    area: 'user-banks.list',
    requirement: 'list_user_banks.user_id_filter',
    covers: ['list_user_banks.status_filter'],
    title: 'GET /user_banks with a filter value that matches nothing answers an empty data array',
  },
  async (t) => {
    const answer = await noMatchAnswer(t);
    if (!answer) return;
    const { exchange, filter } = answer;
    const { data } = readEnvelope(exchange);
    if (data === undefined)
      return t.skip(
        `GET /user_banks?${filter} answered no data array, so there is nothing to count (user-banks.list.envelope-empty judges the envelope)`,
      );
    if (data.length > 0) {
      t.fail(
        `GET /user_banks?${filter} lists ${data.length} User Bank(s) although no User Bank can match that value: the filter is not applied`,
        { exchange, expected: 'data: []', actual: `${data.length} item(s)` },
      );
      return;
    }
    t.passed(`${filter} matches nothing and data is empty`);
  },
);
