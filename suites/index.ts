/**
 * The suites of a run, in the order they run: importing a suite declares its checks
 * (src/harness/check.ts), and each suite's checks end before the next suite's begin. The order is
 * what the checks need of each other's traffic, said beside each suite that needs it.
 */
import './users.js';
import './rfp-registrations.js';
import './user-banks.list.js';
import './pagination.js';
import './user-banks.create.js';
import './auth.js';
import './isolation.js';
// Stateful sequences of both callers, within the creates the checks above left.
import './sequences.js';
// Unusual requests before the absence proofs, which also judge that the refused ones stored nothing.
import './robustness.js';
// The absence proofs of every refused write, judged together after all of them (one settle window).
import './refused-writes.js';
// Replays the reads the checks above made (src/methods/replay/), so it comes after all of them; it takes
// what is left of the write budget, never a slot an aimed check needs.
import './replay.js';
// Every list view of the run judged together, after every suite that walks a list.
import './views.js';
// Every exchange of the run judged by every invariant: last, and in every --shard part.
import './http.js';
