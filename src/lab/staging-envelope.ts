/**
 * The envelope of a busy, imperfect staging the suite must decide on (issue 27), as corners: sets of
 * the simulator's knobs (variations.ts) at their harshest bounds. Each corner is conformant: the
 * suite must reach a verdict on it, and that verdict must be CONFORMANT; with a fault switched on in
 * a corner, the fault must still be caught. test/matrix/staging-envelope.test.ts runs them all;
 * `npm run soak -- --corner NAME` repeats one.
 */
import { variations, type Variation } from './variations.js';

export const envelopeCorners = {
  // Everything at once, at its harshest (the preset partners can serve and soak).
  'busy-staging': variations['busy-staging'] as Partial<Variation>,
  // A list that grows at its front (newest first) and lags, cursors full of reserved characters, a clock 5 minutes slow,
  // offset cursors that every last page holding an item issues too (the next page's offset moves as the list grows).
  'growing-newest-first': {
    order: 'desc',
    emptyLastPage: 'after-any',
    backgroundWriterMs: 200,
    listingLagMs: 2_000,
    reservedCursorChars: true,
    clockSkewMs: -300_000,
    cursorStyle: 'offset',
  },
  // The network's corner: a gateway at 20 requests/s that says when to come back, 503s whose Retry-After is in seconds, idle connections dropped after 200 ms.
  'flaky-network': {
    throttlePerSecond: 20,
    throttleRetryAfter: true,
    transient503Share: 0.05,
    transientRetryAfter: 'seconds',
    idleCloseMs: 200,
  },
} satisfies Record<string, Partial<Variation>>;

export type EnvelopeCorner = keyof typeof envelopeCorners;
