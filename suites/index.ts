/**
 * The suites of a run: importing a suite declares its checks (src/harness/check.ts). When they run is
 * not this file's order: each suite names its phase (src/harness/phases.ts says what each phase
 * needs of the ones before it), and the check engine runs phase after phase, the suites of one phase
 * together.
 */
import './auth.js';
import './http.js';
import './isolation.js';
// One suite in four files, in the order its checks run: the limit file's first check readies the
// list (sequential) before any walk of the others, so these four lines keep this order, not the alphabet's.
import './pagination.limit.js';
import './pagination.cursor.js';
import './pagination.traversal.js';
import './pagination.filter.js';
import './refused-writes.js';
import './replay.js';
import './rfp-registrations.js';
import './robustness.js';
import './sequences.js';
import './user-banks.create.js';
import './user-banks.list.js';
import './users.js';
import './views.js';
