/**
 * The suites of a run: importing a suite declares its checks (src/harness/check.ts). When they run is
 * not this file's order: each suite names its phase (src/harness/phases.ts says what each phase
 * needs of the ones before it), and the check engine runs phase after phase, the suites of one phase
 * together.
 */
import './auth.js';
import './http.js';
import './isolation.js';
import './pagination.js';
import './refused-writes.js';
import './replay.js';
import './rfp-registrations.js';
import './robustness.js';
import './sequences.js';
import './user-banks.create.js';
import './user-banks.list.js';
import './users.js';
import './views.js';
