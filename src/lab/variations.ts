/**
 * Legitimate variations: choices a conformant implementation may make where the spec is silent
 * (design.md, "Silence is not a failure"). The suite must give no fail against any of them.
 */
export interface Variation {
  /** 4.5: "Status codes of successful responses for all endpoints: not shown." */
  createStatus: 200 | 201;
  /** 7: status codes for failures not shown. */
  badInputStatus: 400 | 422;
  unknownUserStatus: 400 | 404 | 422;
  authFailureStatus: 401 | 403;
  errorShape: 'simple' | 'problem';
  /** 4.2: "the order of results: not shown." */
  order: 'asc' | 'desc';
  /** 2.4: a cursor is "a pointer to a place in the list"; its encoding is not shown. */
  cursorStyle: 'opaque' | 'offset';
  idFormat: 'prefixed' | 'uuid' | 'digits';
  /** 2.1: "ISO 8601 date-time": RFC 3339 with Z or +00:00, the basic format (20261126T072800.123Z), or a local time with no offset. */
  timestampStyle: 'Z' | 'offset' | 'basic' | 'local';
  /** A limit above 100: reject it, or cap it to 100 (never more than 100 items on a page). */
  limitAbove100: 'reject' | 'cap';
  /**
   * 2.4: when next_cursor is null is not said. 'none': null on the page that holds the last item;
   * 'after-full': a full last page points to one more, empty page; 'after-any': every last page that
   * holds an item points to one more, empty page, as a server that issues a cursor whenever a page is
   * not empty does.
   */
  emptyLastPage: 'none' | 'after-full' | 'after-any';
  /** 4.1: required fields not shown: strict validates formats; lenient only needs strings and a known user. */
  validation: 'strict' | 'lenient';
  /** Page size of GET /rfp_registrations (its pagination is not shown); 0 = everything on one page. */
  rfpPageSize: number;
  /** A gateway's rate limit: at most this many requests a second, then 429 + Retry-After: 1; 0 = none. */
  throttlePerSecond: number;
  /** Eventual consistency: a created User Bank is listed this many ms after its creation was answered; 0 = at once. */
  listingLagMs: number;
  /** Replicas that lag differently: each write's lag is drawn anew between 0 and listingLagMs (deterministic by the write's order). */
  listingLagVaries: boolean;
  /**
   * A round-robin balancer over two replicas, one listing a write at once and one listingLagMs late:
   * listings alternate between them, so a User Bank one listing shows may be missing from the next.
   */
  listingLagOneReplica: boolean;
  /** A query parser that reads an empty filter (`status=`, `user_id=`) as no filter, as `if (query.status)` does; the spec does not say which. */
  emptyFilterIsAbsent: boolean;
  /** Another writer: every this many ms a User Bank is created for caller A's first User; 0 = none. */
  backgroundWriterMs: number;
  /** Whether the gateway's 429s say when to come back (Retry-After: 1) or say nothing (the client must back off on its own). */
  throttleRetryAfter: boolean;
  /** A load balancer's share (0 to 1) of requests answered 503 before they reach the service, so nothing of them is stored. */
  transient503Share: number;
  /** How those 503s give Retry-After (RFC 9110 10.2.3): as seconds, or as an HTTP-date by the server's clock. */
  transientRetryAfter: 'seconds' | 'date';
  /** Idle keep-alive connections are closed after this many ms with no Keep-Alive header announcing it; 0 = Node's 5 s, announced. */
  idleCloseMs: number;
  /** The server's clock is this many ms ahead of the machine's (behind when negative): its Date header and the created_at it stamps. */
  clockSkewMs: number;
  /** Cursors hold characters that are reserved in a query string (& # % / ? + = and a space); a client must percent-encode them. */
  reservedCursorChars: boolean;
  /**
   * 5: the spec says how a token is sent, not how it is obtained or how long it lasts. Every token
   * stops being accepted this many ms after it was issued (the fixtures' at the server's start, the
   * rest by mintToken); 0 = tokens never expire. No preset: a run needs a token command to follow it.
   */
  tokenLifetimeMs: number;
  /**
   * 5, as above: every token stops being accepted once it has authenticated this many requests (a
   * token rotated by use); 0 = no such bound. Tests that need a token to end mid-run count requests,
   * which a fast machine cannot outrun, rather than milliseconds.
   */
  tokenLifetimeRequests: number;
  /** 2.1: User Bank statuses beyond "active" are not shown: the one the fixtures give every seventh User Bank. */
  otherBankStatus: string;
  /** 4.1: the values the service assigns a new User Bank (flags, status, verification_status) are not shown. */
  newBankValues: 'active-verified' | 'pending';
  /** 8: limits on other operations are not shown: the largest request body read (bytes), 0 = none. */
  bodyCapBytes: number;
}

export const baseline: Variation = {
  createStatus: 201,
  badInputStatus: 400,
  unknownUserStatus: 404,
  authFailureStatus: 401,
  errorShape: 'simple',
  order: 'asc',
  cursorStyle: 'opaque',
  idFormat: 'prefixed',
  timestampStyle: 'Z',
  limitAbove100: 'reject',
  emptyLastPage: 'none',
  validation: 'strict',
  rfpPageSize: 0,
  throttlePerSecond: 0,
  listingLagMs: 0,
  listingLagVaries: false,
  listingLagOneReplica: false,
  emptyFilterIsAbsent: false,
  backgroundWriterMs: 0,
  throttleRetryAfter: true,
  transient503Share: 0,
  transientRetryAfter: 'seconds',
  idleCloseMs: 0,
  clockSkewMs: 0,
  reservedCursorChars: false,
  tokenLifetimeMs: 0,
  tokenLifetimeRequests: 0,
  otherBankStatus: 'inactive',
  newBankValues: 'active-verified',
  bodyCapBytes: 1_048_576,
};

/** Named presets; each flips several independent choices so the matrix stays short. */
export const variations: Record<string, Partial<Variation>> = {
  baseline: {},
  'ok-200-desc-offset': {
    createStatus: 200,
    order: 'desc',
    cursorStyle: 'offset',
    idFormat: 'uuid',
    timestampStyle: 'offset',
    errorShape: 'problem',
  },
  'lenient-capped': {
    validation: 'lenient',
    limitAbove100: 'cap',
    badInputStatus: 422,
    unknownUserStatus: 422,
    idFormat: 'digits',
    emptyLastPage: 'after-full',
    timestampStyle: 'local',
  },
  'paged-rfp-403': {
    rfpPageSize: 2,
    authFailureStatus: 403,
    unknownUserStatus: 400,
    emptyLastPage: 'after-full',
    order: 'desc',
    timestampStyle: 'basic',
  },
  // Lists at their most unusual but legitimate: newest first, offset cursors, an empty page after a full last one, a capped limit, RfP one per page.
  'lists-desc-offset-capped': {
    order: 'desc',
    cursorStyle: 'offset',
    emptyLastPage: 'after-full',
    limitAbove100: 'cap',
    rfpPageSize: 1,
    badInputStatus: 422,
  },
  // Creation at its most unusual but legitimate: 200 for a creation, digit-string ids, +00:00 timestamps, strict formats refused with 422, an unknown user with 400, problem+json errors, no cap on a body.
  'create-200-digits-422': {
    bodyCapBytes: 0,
    createStatus: 200,
    idFormat: 'digits',
    timestampStyle: 'offset',
    badInputStatus: 422,
    unknownUserStatus: 400,
    errorShape: 'problem',
  },
  // A shared staging behind a gateway: 100 requests a second, then 429 with Retry-After: 1.
  'throttled-100': { throttlePerSecond: 100 },
  // Replicas behind a load balancer: a creation is listed 300 ms after it was answered.
  'late-listing-300ms': { listingLagMs: 300 },
  // Reads alternate between a replica that lists a creation at once and one 2.5 s behind: a write
  // seen at once may vanish from the next listing, longer than the run's own writes ever took to show.
  'replica-behind-round-robin': { listingLagMs: 2_500, listingLagOneReplica: true },
  'empty-filter-absent': { emptyFilterIsAbsent: true },
  // User Banks whose other status is one the spec names nowhere (2.1: values beyond "active" not shown).
  'statuses-unnamed': { otherBankStatus: 'closed' },
  // A new User Bank awaits verification: status and verification_status pending, not yet enabled for real-time payments.
  'assigned-pending': { newBankValues: 'pending' },
  // A shared staging where someone else creates a User Bank on the test User twice a second, on a
  // server that issues a cursor whenever a page is not empty: a list's last page, full or not, points
  // to one more page, which the other writer may have filled by the time it is asked.
  'background-writer': { backgroundWriterMs: 500, emptyLastPage: 'after-any' },
  // A busy shared staging behind a production stack, at the harshest corner of the envelope the suite
  // must decide on (issue 27): another writer 5 times a second, replicas 2 s behind, a gateway at 20
  // requests a second that does not say when to come back, 5% of requests refused 503 with an HTTP-date
  // Retry-After, idle connections dropped after 200 ms unannounced, a clock 5 minutes fast, and cursors
  // full of characters that are reserved in a query string.
  'busy-staging': {
    backgroundWriterMs: 200,
    listingLagMs: 2_000,
    throttlePerSecond: 20,
    throttleRetryAfter: false,
    transient503Share: 0.05,
    transientRetryAfter: 'date',
    idleCloseMs: 200,
    clockSkewMs: 300_000,
    reservedCursorChars: true,
  },
};

export function resolveVariation(choice: string | Partial<Variation> | undefined): Variation {
  if (choice === undefined) return { ...baseline };
  if (typeof choice === 'string') {
    const preset = variations[choice];
    if (!preset) throw new Error(`unknown variation "${choice}"; known: ${Object.keys(variations).join(', ')}`);
    return { ...baseline, ...preset };
  }
  return { ...baseline, ...choice };
}
