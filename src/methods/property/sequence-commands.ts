/**
 * The commands of a stateful sequence (issue 29): creates, listings with each filter and page size,
 * User reads and RfP listings, by either caller, each judged against what the sequence knows
 * (src/core/model/caller-data.ts). fast-check draws, runs and shrinks them (fc.commands, fc.asyncModelRun);
 * a command whose answer breaks the model throws ModelBroken, which ends the sequence there.
 */
import type fc from 'fast-check';
import type { CreateBody } from '../../core/domain/user-bank.js';
import { isServerError, isSuccess, type Exchange } from '../../http/exchange.js';
import { accountsOfCallerB } from '../../harness/accounts-of-caller-b.js';
import type { Probe } from '../../harness/probe.js';
import { untilSettled } from '../../harness/settle.js';
import type { CallerData, CallerName, ListFilter } from '../../core/model/caller-data.js';
import { fieldOf, idOf, idsOf } from '../pagination/ids.js';
import { walk, type WalkResult } from '../pagination/walker.js';
import { listSizeAtLeast } from '../pagination/whole-walks.js';

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

/** Sends one create of a sequence and records it in the model; what the step shows is prefixed by `how`. */
async function sendCreate(
  data: CallerData,
  real: SequenceReal,
  create: { caller: CallerName; userIndex: number; body: Omit<CreateBody, 'user_id'> },
  how = '',
): Promise<void> {
  const { caller } = create;
  const userId = pick(data.users[caller], create.userIndex) as string;
  if (!data.takeCreate()) {
    real.steps.push({
      text: `${who(caller)} would create a bank for User ${userId}: not sent, the write budget of this check is spent`,
    });
    return;
  }
  if (caller === 'b') accountsOfCallerB(real.t.run.client).add(create.body.account_number);
  const exchange = await real.t.request({ method: 'POST', path: '/user_banks', json: { ...create.body, user_id: userId }, auth: caller });
  const id = isSuccess(exchange) ? idOf(exchange.json) : undefined;
  real.steps.push({
    text: `${who(caller)}${how}: POST /user_banks for its User ${userId} -> ${exchange.status}${id ? `, bank ${id}` : ''}`,
    exchange,
  });
  noServerError(exchange, `a create of ${who(caller)} for its own User`);
  // A refusal is the service's choice (which fields and formats it takes is not shown, 4.1): the model stays as it was.
  if (id === undefined) return;
  const owner = data.ownerOfBank(id);
  // A store that dedupes account numbers across businesses answers one business's create with the other's bank.
  if (owner !== undefined && owner !== caller)
    throw new ModelBroken(
      `${who(caller)}'s create for its own User ${userId} was answered with bank ${id}, which ${who(owner)} created`,
      `a bank of ${who(caller)}'s own, or a refusal`,
      `bank ${id} of ${who(owner)}`,
      ['tenant.isolation'],
      exchange,
    );
  data.created({ id, caller, userId, answeredAt: Date.now(), step: real.steps.length });
}

export class CreateBank implements Command {
  constructor(
    readonly caller: CallerName,
    readonly userIndex: number,
    readonly body: Omit<CreateBody, 'user_id'>,
  ) {}

  check(data: Readonly<CallerData>): boolean {
    return data.users[this.caller].length > 0;
  }

  run(data: CallerData, real: SequenceReal): Promise<void> {
    return sendCreate(data, real, this);
  }

  toString(): string {
    return `${this.caller.toUpperCase()} creates a bank (User #${this.userIndex})`;
  }
}

/**
 * Both callers create at once, each for its own User: the two creates are in flight together. A
 * service that keeps the request's business in state shared across requests (a module variable set
 * at authentication and read after an await) files one business's bank under the other's; the
 * listings after it show which. The two bodies may name one account (a value the run has already
 * sent): the spec makes no account number unique, so each business gets a bank of its own, or a
 * refusal, never the other's bank.
 */
export class CreateAtOnce implements Command {
  /**
   * `order`, when given, is fast-check's scheduler (fc.scheduler): it decides which caller's create is
   * sent first (the other follows while the first is in flight), so an interleaving that breaks the
   * model replays by seed and shrinks like any other draw. Without it, A's is sent first.
   */
  constructor(
    readonly userIndex: number,
    readonly bodies: readonly [Omit<CreateBody, 'user_id'>, Omit<CreateBody, 'user_id'>],
    readonly order?: fc.Scheduler,
  ) {}

  check(data: Readonly<CallerData>): boolean {
    return data.callers.length > 1 && data.users.a.length > 0 && data.users.b.length > 0;
  }

  async run(data: CallerData, real: SequenceReal): Promise<void> {
    const sends: Promise<void>[] = [];
    const start = (caller: CallerName): void => {
      const how =
        sends.length === 0 ? ` (sent first, at once with ${who(other(caller))})` : ` (sent while ${who(other(caller))}'s was in flight)`;
      sends.push(sendCreate(data, real, { caller, userIndex: this.userIndex, body: this.bodies[caller === 'a' ? 0 : 1] }, how));
    };
    if (this.order === undefined) {
      start('a');
      start('b');
    } else {
      for (const caller of ['a', 'b'] as const) void this.order.schedule(Promise.resolve(caller), `${who(caller)} sends`).then(start);
      await this.order.waitAll();
    }
    await Promise.all(sends);
  }

  toString(): string {
    const same = this.bodies[0].account_number === this.bodies[1].account_number;
    const sent = this.order?.report().map((r) => r.label) ?? [];
    const order = this.order === undefined ? '' : `; ${sent.length > 0 ? sent.join(' then ') : 'order not yet drawn'}`;
    return `A and B create a bank at once (User #${this.userIndex} each${same ? ', one account number' : ''}${order})`;
  }
}

/** Pages a sequence's listing reads in turn at most: a sequence is several listings, one after another. */
const LISTING_PAGES = 40;

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
    const maxPages = this.pagesWorthReading(real.t, query);
    let result = await walk(real.t, { path: '/user_banks', query, limit: this.limit, auth: this.caller, maxPages });
    const first = result.evidence?.[0];
    real.steps.push({ text: `${who(this.caller)}: ${shown} -> ${describeWalk(result)}`, ...(first ? { exchange: first } : {}) });
    if (result.endExchange) noServerError(result.endExchange, `${who(this.caller)}'s ${shown}`);
    this.judgeIsolation(data, filter, result);
    if (result.end !== 'complete') return;
    let missing = this.missing(data, filter, startedAt, result);
    if (missing.length === 0) return;
    // A replica may list a creation late: once the settle window has passed, one more look decides.
    await untilSettled(real.t, Math.max(...missing.map((b) => b.answeredAt)));
    result = await walk(real.t, { path: '/user_banks', query, limit: this.limit, auth: this.caller, maxPages });
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

  /**
   * A listing judges what is missing only when it ends: a list too long to end within LISTING_PAGES
   * (a production-sized User) is read one page deep, which its isolation judge still reads, instead
   * of 40 pages in turn that end at the cap and judge no more.
   */
  private pagesWorthReading(t: Probe, query: Record<string, string>): number {
    // A list cut at the run's budget for it holds at least what was read (list-data.ts).
    const size = listSizeAtLeast(t, { path: '/user_banks', query, auth: this.caller });
    return size !== undefined && size > this.limit * LISTING_PAGES ? 1 : LISTING_PAGES;
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
    // The caller's own User exists (the preflight read it, or one of its banks links it): a refusal breaks 4.4.
    if (owner === this.caller && exchange.status >= 400 && exchange.status < 500 && exchange.status !== 429)
      throw new ModelBroken(
        `${who(this.caller)} asked for its own User ${userId} and was refused ${exchange.status}`,
        `User ${userId}`,
        String(exchange.status),
        ['get_user.operation'],
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

  async run(_data: CallerData, real: SequenceReal): Promise<void> {
    const result = await walk(real.t, { path: '/rfp_registrations', auth: this.caller, maxPages: 20 });
    const first = result.evidence?.[0];
    real.steps.push({
      text: `${who(this.caller)}: GET /rfp_registrations -> ${describeWalk(result)}`,
      ...(first ? { exchange: first } : {}),
    });
    if (result.endExchange) noServerError(result.endExchange, `${who(this.caller)}'s GET /rfp_registrations`);
    // The run's model of list views knows what the other caller's RfP listings showed, in this check or before it.
    const shared = real.t.run.views.shownToOther(this.caller, '/rfp_registrations', idsOf(result.items));
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

/**
 * Reads of one caller sent side by side: a read changes nothing the model holds, so each is judged
 * against the same model as it would be in turn. The steps are shown in the listed order, up to the
 * first read (in that order) that broke the model, whose error ends the sequence as it would in turn.
 */
export class ReadsAtOnce implements Command {
  constructor(readonly reads: readonly Command[]) {}

  check(data: Readonly<CallerData>): boolean {
    return this.reads.every((read) => read.check(data));
  }

  async run(data: CallerData, real: SequenceReal): Promise<void> {
    const own = this.reads.map((): SequenceReal => ({ t: real.t, steps: [] }));
    const ended = await Promise.allSettled(this.reads.map((read, i) => read.run(data, own[i] as SequenceReal)));
    for (const [i, outcome] of ended.entries()) {
      real.steps.push(...(own[i] as SequenceReal).steps);
      if (outcome.status === 'rejected') throw outcome.reason;
    }
  }

  toString(): string {
    return `at once: ${this.reads.map(String).join('; ')}`;
  }
}

function describeWalk(result: WalkResult): string {
  const status = result.pages[0]?.status;
  if (result.end === 'http-error' || status === undefined || status < 200 || status >= 300) return `${status ?? 'no answer'}`;
  const count = new Set(idsOf(result.items)).size;
  return `${status}, ${count} item(s) on ${result.pages.length} page(s)${result.end === 'complete' ? '' : ` (walk ended: ${result.end})`}`;
}
