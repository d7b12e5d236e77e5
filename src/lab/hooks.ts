/**
 * The reference's hook points: the named places where a fault of the catalog (faults/) may bend what
 * the conformant server is about to do. Each point is given the value the server would use and hands
 * back the one it uses; with no fault on, every point hands back what it got, so the request path in
 * server.ts, auth.ts and handlers/ reads as the spec's behaviour and nothing else.
 *
 * Points are grouped by the layer where a real stack breaks: request (query parser), route (router),
 * auth (middleware), exchange (response cache, serialiser), create/list/rfp/user (the operations'
 * store and query code), serialise (records to wire objects).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Fixtures } from './fixtures.js';
import type { BankRecord, Caller, OperationName, RfpRecord, UserRecord } from './model.js';
import type { Variation } from './variations.js';

/** What a hook may read of the running server: ReferenceState, seen structurally so nothing imports back. */
export interface ServerView {
  readonly variation: Variation;
  readonly fixtures: Fixtures;
  readonly callers: Caller[];
  readonly hooks: Hooks;
  now(): Date;
  callerByToken(token: string | undefined): Caller | undefined;
}

/** An answer about to be sent; `text`, when set, is sent as the body instead of `body` as JSON. */
export interface Answer<B = unknown> {
  status: number;
  body: B;
  headers: Record<string, string>;
  text?: string;
}

/** A list answer's body: the {data, next_cursor} envelope of spec 2.3. */
export interface ListBody {
  data: Array<Record<string, unknown>> | null;
  next_cursor?: string | null;
}

/** One request on its way through an operation's handler. */
export interface Scene {
  state: ServerView;
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  caller: Caller;
  /** Notes one hook of a fault leaves for a later hook of the same fault, for this request only. */
  notes: Map<string, unknown>;
}

export interface AuthScene {
  state: ServerView;
  req: IncomingMessage;
  url: URL;
  operation: OperationName;
  header: string | undefined;
}

/** Why a creation is refused: which of the handler's tests the body failed. */
export type CreateRefusalReason = 'media-type' | 'json' | 'not-object' | 'wrong-type' | 'missing-user' | 'unknown-user' | 'format';

export interface CreateScene extends Scene {
  input: Record<string, unknown>;
}

/** What a listing was asked for: the cursor, whose list, and the filters named in the request. */
export interface ListQuery {
  cursor: string | undefined;
  caller: Caller;
  userId: string | null;
  status: string | null;
}

export interface ListScene extends Scene {
  query: ListQuery;
}

export interface PagedListScene extends ListScene {
  rows: readonly BankRecord[];
  limit: number;
}

export interface HookPoints {
  /** The request's URL as the query parser reads it (a hook may throw: a 500). */
  'request.url': [URL, { state: ServerView }];
  /** Another spelling of a path (or method) that the router serves too, while the auth guard does not see it. */
  'route.alias': [{ method: string; path: string } | undefined, { method: string; path: string }];
  /** A method the API does not define on a known path, about to be refused. */
  'route.undefined-method': [Answer, { state: ServerView }];
  /** The authenticated caller: undefined when the credentials do not name one. */
  'auth.caller': [Caller | undefined, AuthScene];
  /** Work done before a refusal goes out (its value is awaited). */
  'auth.refused': [Promise<void>, AuthScene];
  'auth.refusal': [Answer, AuthScene];
  /** After authentication, before the handler: true when a hook answered the request itself. */
  'exchange.answered': [boolean, Scene];
  /** A creation has arrived, its body not read yet (its value is awaited). */
  'create.arrived': [Promise<void>, Scene];
  /** The caller the new bank is stored for. */
  'create.owner': [Caller, CreateScene];
  /** Whether the body's user_id may be linked: it is one of the owner's Users. */
  'create.user-allowed': [boolean, CreateScene & { owner: Caller }];
  'create.refusal': [Answer, CreateScene & { reason: CreateRefusalReason; owner?: Caller }];
  /** What keeps the body from being taken, as the refusal's sentence: undefined when nothing does (the variation's validation). */
  'create.problem': [string | undefined, CreateScene & { owner: Caller }];
  'create.record': [BankRecord, CreateScene & { owner: Caller }];
  /** Whether the new record is stored. */
  'create.kept': [boolean, CreateScene & { bank: BankRecord }];
  'create.answer': [Answer, CreateScene & { bank: BankRecord }];
  /** The page size: a number, or the sentence of a refusal; `raw` is the limit as sent. */
  'list.limit': [number | string, Scene & { raw: string | null }];
  'list.query': [ListQuery, Scene];
  /** The filters as applied (the query's as asked). */
  'list.filters': [{ userId: string | null; status: string | null }, ListScene];
  /** The banks a listing draws from. */
  'list.pool': [readonly BankRecord[], ListScene];
  /** The rows that match, from the pool as listed. */
  'list.rows': [
    readonly BankRecord[],
    ListScene & { pool: readonly BankRecord[]; applied: { userId: string | null; status: string | null } },
  ];
  /** An answer a hook gives instead of the page the handler would make. */
  'list.instead': [Answer | undefined, PagedListScene];
  /** Where a page after a cursor starts in the rows. */
  'list.start': [number, PagedListScene];
  'list.answer': [Answer<ListBody>, PagedListScene];
  'list.refusal': [Answer, Scene & { reason: 'limit' | 'cursor'; firstPage?: () => Answer<ListBody> }];
  'rfp.pool': [readonly RfpRecord[], Scene];
  'rfp.cursor': [string | undefined, Scene];
  'rfp.answer': [Answer<ListBody>, Scene & { ordered: readonly RfpRecord[] }];
  'user.pool': [readonly UserRecord[], Scene];
  'user.found': [UserRecord | undefined, Scene & { userId: string }];
  'user.refusal': [Answer, Scene];
  'user.answer': [Answer, Scene & { user: UserRecord }];
  'serialise.bank': [Record<string, unknown>, { state: ServerView; bank: BankRecord; context: 'list' | 'create' }];
  'serialise.user': [Record<string, unknown>, { state: ServerView; user: UserRecord }];
  'serialise.rfp': [Record<string, unknown>, { state: ServerView; rfp: RfpRecord }];
}

export type HookPoint = keyof HookPoints;

/** A modifier at one point: the value the server would use in, the one it uses out. */
export type Bend<P extends HookPoint> = (value: HookPoints[P][0], scene: HookPoints[P][1]) => HookPoints[P][0];

/** What one fault bends, at which points. */
export type Bends = { readonly [P in HookPoint]?: Bend<P> };

/** The active faults' modifiers, applied in catalog order at each point. */
export class Hooks {
  constructor(private readonly active: readonly Bends[]) {}

  bend<P extends HookPoint>(point: P, value: HookPoints[P][0], scene: HookPoints[P][1]): HookPoints[P][0] {
    let out = value;
    for (const bends of this.active) {
      const modifier = bends[point] as Bend<P> | undefined;
      if (modifier !== undefined) out = modifier(out, scene);
    }
    return out;
  }
}
