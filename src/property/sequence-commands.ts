/**
 * The commands of a stateful sequence (issue 29): creates, listings with each filter and page size,
 * User reads and RfP listings, by either caller, each judged against what the sequence knows
 * (src/model/caller-data.ts). fast-check draws, runs and shrinks them (fc.commands, fc.asyncModelRun);
 * a command whose answer breaks the model throws ModelBroken, which ends the sequence there.
 */
import type fc from 'fast-check';
import type { CreateBody } from '../domain/user-bank.js';
import { isServerError, isSuccess, type Exchange } from '../http/exchange.js';
import type { Probe } from '../harness/probe.js';
import { untilSettled } from '../harness/settle.js';
import type { CallerData, CallerName, ListFilter } from '../model/caller-data.js';
import { fieldOf, idOf, idsOf } from '../pagination/ids.js';
import { walk, type WalkResult } from '../pagination/walker.js';

/** One step as the script of a failing sequence shows it: what was sent and what came back. */
export interface Step {
  text: string;
  exchange?: Exchange;
}

/** The real side of a sequence: the probe it sends with, and its steps so far. */
export interface SequenceReal {
  t: Probe;
  steps: Step[];
}

/** A command's answer broke the model: the sequence ends at this step. */
export class ModelBroken extends Error {
  constructor(
    readonly problem: string,
    readonly expected: string,
    readonly actual: string,
    readonly requirements: string[],
    readonly exchange?: Exchange,
  ) {
    super(problem);
  }
}

type Command = fc.AsyncCommand<CallerData, SequenceReal>;

const who = (caller: CallerName): string => `caller ${caller.toUpperCase()}`;
const other = (caller: CallerName): CallerName => (caller === 'a' ? 'b' : 'a');

/** A 5xx is a defect whatever the command (RFC 9110 15.6): the server failed a request it was given. */
function noServerError(exchange: Exchange, what: string): void {
  if (isServerError(exchange))
    throw new ModelBroken(`${what} was answered ${exchange.status}`, 'no 5xx', String(exchange.status), ['http.no-5xx'], exchange);
}

/** Picks one of a list by an index drawn without knowing its length. */
const pick = <T>(list: readonly T[], index: number): T | undefined => list[index % Math.max(1, list.length)];

export class CreateBank implements Command {
  constructor(
    readonly caller: CallerName,
    readonly userIndex: number,
    readonly body: Omit<CreateBody, 'user_id'>,
  ) {}

  check(data: Readonly<CallerData>): boolean {
    return data.users[this.caller].length > 0;
  }

  async run(data: CallerData, real: SequenceReal): Promise<void> {
    const userId = pick(data.users[this.caller], this.userIndex) as string;
    if (!data.takeCreate()) {
      real.steps.push({
        text: `${who(this.caller)} would create a bank for User ${userId}: not sent, the write budget of this check is spent`,
      });
      return;
    }
    const exchange = await real.t.request({
      method: 'POST',
      path: '/user_banks',
      json: { ...this.body, user_id: userId },
      auth: this.caller,
    });
    const id = isSuccess(exchange) ? idOf(exchange.json) : undefined;
    real.steps.push({
      text: `${who(this.caller)}: POST /user_banks for its User ${userId} -> ${exchange.status}${id ? `, bank ${id}` : ''}`,
      exchange,
    });
    noServerError(exchange, `a create of ${who(this.caller)} for its own User`);
    // A refusal is the service's choice (which fields and formats it takes is not shown, 4.1): the model stays as it was.
    if (id !== undefined) data.created({ id, caller: this.caller, userId, answeredAt: Date.now(), step: real.steps.length });
  }

  toString(): string {
    return `${this.caller.toUpperCase()} creates a bank (User #${this.userIndex})`;
  }
}

/** What a listing asks: a filter named by whose User (an index) or a status, and a page size. */
export type ListAsk = { kind: 'none' } | { kind: 'user'; whose: 'own' | 'other'; index: number } | { kind: 'status'; status: string };

export class ListBanks implements Command {
  constructor(
    readonly caller: CallerName,
    readonly ask: ListAsk,
    readonly limit: number,
  ) {}

  check(data: Readonly<CallerData>): boolean {
    return data.callers.includes(this.caller) && (this.ask.kind !== 'user' || this.ask.whose === 'own' || data.callers.length > 1);
  }

  private filter(data: CallerData): ListFilter {
    if (this.ask.kind !== 'user') return this.ask.kind === 'none' ? { kind: 'none' } : this.ask;
    const owner = this.ask.whose === 'own' ? this.caller : other(this.caller);
    return { kind: 'user', userId: pick(data.users[owner], this.ask.index) as string };
  }

  async run(data: CallerData, real: SequenceReal): Promise<void> {
    const filter = this.filter(data);
    const query: Record<string, string> =
      filter.kind === 'user' ? { user_id: filter.userId } : filter.kind === 'status' ? { status: filter.status } : {};
    const shown = `GET /user_banks?${new URLSearchParams({ ...query, limit: String(this.limit) })}`;
    const startedAt = Date.now();
    let result = await walk(real.t, { path: '/user_banks', query, limit: this.limit, auth: this.caller, maxPages: 40 });
    const first = result.evidence?.[0];
    real.steps.push({ text: `${who(this.caller)}: ${shown} -> ${describeWalk(result)}`, ...(first ? { exchange: first } : {}) });
    if (result.endExchange) noServerError(result.endExchange, `${who(this.caller)}'s ${shown}`);
    this.judgeIsolation(data, filter, result);
    if (result.end !== 'complete') return;
    let missing = this.missing(data, filter, startedAt, result);
    if (missing.length === 0) return;
    // A replica may list a creation late: once the settle window has passed, one more look decides.
    await untilSettled(real.t, Math.max(...missing.map((b) => b.answeredAt)));
    result = await walk(real.t, { path: '/user_banks', query, limit: this.limit, auth: this.caller, maxPages: 40 });
    if (result.end !== 'complete') return;
    missing = this.missing(data, filter, startedAt, result);
    const again = result.evidence?.[0];
    real.steps.push({
      text: `${who(this.caller)}: the same listing again, after the settle window -> ${describeWalk(result)}`,
      ...(again ? { exchange: again } : {}),
    });
    const lost = missing[0];
    if (lost === undefined) return;
    throw new ModelBroken(
      `${who(this.caller)}'s ${shown} does not list bank ${lost.id}, which step ${lost.step} created for User ${lost.userId} before the listing began${missing.length > 1 ? ` (nor ${missing.length - 1} more)` : ''}`,
      `bank ${lost.id} listed (the caller's banks${filter.kind === 'user' ? ` of User ${filter.userId}` : ''})`,
      `${new Set(idsOf(result.items)).size} banks listed, without it`,
      filter.kind === 'user' ? ['create_user_bank.persisted', 'list_user_banks.user_id_filter'] : ['create_user_bank.persisted'],
      again,
    );
  }

  private missing(data: CallerData, filter: ListFilter, startedAt: number, result: WalkResult) {
    const listed = new Set(idsOf(result.items));
    return data.mustList(this.caller, filter, startedAt).filter((b) => !listed.has(b.id));
  }

  /** No listing of one caller shows a bank of the other: one the sequence created for it, or one of its Users'. */
  private judgeIsolation(data: CallerData, filter: ListFilter, result: WalkResult): void {
    for (const item of result.items) {
      const id = idOf(item);
      const userId = fieldOf(item, 'user_id');
      const owner =
        (id !== undefined ? data.ownerOfBank(id) : undefined) ?? (typeof userId === 'string' ? data.ownerOfUser(userId) : undefined);
      if (owner === undefined || owner === this.caller) continue;
      throw new ModelBroken(
        `${who(this.caller)}'s listing${filter.kind === 'none' ? '' : ` (${filter.kind === 'user' ? `user_id=${filter.userId}` : `status=${filter.status}`})`} shows bank ${id ?? '(no id)'} of ${who(owner)}'s User ${String(userId)}`,
        `only ${who(this.caller)}'s banks`,
        `a bank of ${who(owner)}`,
        ['tenant.isolation'],
        result.evidence?.[0],
      );
    }
  }

  toString(): string {
    const ask =
      this.ask.kind === 'none'
        ? 'all'
        : this.ask.kind === 'status'
          ? `status=${this.ask.status}`
          : `${this.ask.whose} User #${this.ask.index}`;
    return `${this.caller.toUpperCase()} lists banks (${ask}, limit ${this.limit})`;
  }
}

export class ReadUser implements Command {
  constructor(
    readonly caller: CallerName,
    readonly whose: 'own' | 'other',
    readonly index: number,
  ) {}

  check(data: Readonly<CallerData>): boolean {
    return data.callers.includes(this.caller) && (this.whose === 'own' || data.callers.length > 1);
  }

  async run(data: CallerData, real: SequenceReal): Promise<void> {
    const owner = this.whose === 'own' ? this.caller : other(this.caller);
    const userId = pick(data.users[owner], this.index) as string;
    const exchange = await real.t.request({ path: `/users/${encodeURIComponent(userId)}`, auth: this.caller });
    real.steps.push({ text: `${who(this.caller)}: GET /users/${userId} (${who(owner)}'s User) -> ${exchange.status}`, exchange });
    noServerError(exchange, `${who(this.caller)}'s read of User ${userId}`);
    const shownId = (exchange.json as { id?: unknown } | undefined)?.id;
    if (owner !== this.caller && isSuccess(exchange) && shownId === userId)
      throw new ModelBroken(
        `${who(this.caller)} was given ${who(owner)}'s User ${userId}`,
        'a refusal',
        `${exchange.status} with the User`,
        ['tenant.isolation'],
        exchange,
      );
    if (owner === this.caller && isSuccess(exchange) && shownId !== userId)
      throw new ModelBroken(
        `${who(this.caller)} asked for its User ${userId} and was given ${JSON.stringify(shownId)}`,
        `User ${userId}`,
        JSON.stringify(shownId),
        ['get_user.identity'],
        exchange,
      );
  }

  toString(): string {
    return `${this.caller.toUpperCase()} reads ${this.whose} User #${this.index}`;
  }
}

export class ListRfpRegistrations implements Command {
  constructor(readonly caller: CallerName) {}

  check(data: Readonly<CallerData>): boolean {
    return data.callers.includes(this.caller);
  }

  async run(data: CallerData, real: SequenceReal): Promise<void> {
    const result = await walk(real.t, { path: '/rfp_registrations', auth: this.caller, maxPages: 20 });
    const first = result.evidence?.[0];
    real.steps.push({
      text: `${who(this.caller)}: GET /rfp_registrations -> ${describeWalk(result)}`,
      ...(first ? { exchange: first } : {}),
    });
    if (result.endExchange) noServerError(result.endExchange, `${who(this.caller)}'s GET /rfp_registrations`);
    const shared = data.rfpShown(this.caller, idsOf(result.items));
    if (shared !== undefined)
      throw new ModelBroken(
        `${who(this.caller)}'s RfP Registrations include ${shared}, which ${who(other(this.caller))} was shown as its own`,
        "only the caller's registrations",
        `registration ${shared} of both callers`,
        ['tenant.isolation'],
        first,
      );
  }

  toString(): string {
    return `${this.caller.toUpperCase()} lists RfP Registrations`;
  }
}

function describeWalk(result: WalkResult): string {
  const status = result.pages[0]?.status;
  if (result.end === 'http-error' || status === undefined || status < 200 || status >= 300) return `${status ?? 'no answer'}`;
  const count = new Set(idsOf(result.items)).size;
  return `${status}, ${count} item(s) on ${result.pages.length} page(s)${result.end === 'complete' ? '' : ` (walk ended: ${result.end})`}`;
}
