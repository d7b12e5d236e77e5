/**
 * Stateful sequences (issue 29): what each check above judges one request at a time, judged here
 * over random runs of operations by both callers against one model of what the run did. Runs after
 * the creation, auth and isolation checks, within the creates they left.
 */
import { conformanceCheck, inSuite } from '../src/harness/check.js';
import type { Probe } from '../src/harness/probe.js';
import { sharedFacts, type CallerName } from '../src/core/model/caller-data.js';
import { linkedUserIds } from '../src/methods/property/linked-users.js';
import { reportProperty, runProperty } from '../src/methods/property/run-property.js';
import { secondCaller } from '../src/methods/steps/caller-b.js';
import { coreSequence, describeSequence, judgeSequence, sequences, type Sequence } from '../src/methods/property/stateful-sequence.js';

inSuite('sequences', 'sequences');

/** Sequences judged per run (each up to MAX_COMMANDS commands). */
const SEQUENCES = 6;
/** Creates the sequences may send together, shrinks included, at most. */
const SEQUENCE_CREATES = 3;
/** Creates left to the files after this one (robustness, the refused writes, the replays). */
const LEFT_AFTER = 2;

/**
 * Each caller's Users: A's configured User and up to two more its banks link to; B's, when there is a
 * second caller. Of several Users --user-id named, those the run did not choose are spared its writes.
 */
async function usersOf(t: Probe): Promise<Record<CallerName, string[]>> {
  const { userIdA, userIdsA = [] } = t.settings;
  const linked = (await linkedUserIds(t.run.client, userIdA)).filter((id) => !userIdsA.includes(id));
  const second = secondCaller(t.settings);
  const b = 'missing' in second ? [] : [second.userId];
  return { a: [userIdA, ...linked.slice(0, 2)], b };
}

conformanceCheck(
  {
    id: 'sequences.caller-data.agrees',
    area: 'sequences',
    requirement: 'create_user_bank.persisted',
    covers: ['tenant.isolation', 'list_user_banks.user_id_filter', 'get_user.operation', 'get_user.identity'],
    title: "Random sequences of both callers' operations agree with one model of their data (property)",
    description:
      "In random sequences of creates (one, or both callers' at once), listings (every filter, two page sizes), User reads and RfP listings by both callers, every listing holds the caller's banks the sequence created before it (once settled) and no view shows the other caller's data (property)",
  },
  async (t) => {
    const users = await usersOf(t);
    const writes = t.settings.readOnly ? 0 : Math.min(SEQUENCE_CREATES, Math.max(0, t.run.client.budget.remaining - LEFT_AFTER));
    const shared = sharedFacts(writes);
    const describe = (sequence: Sequence): string => describeSequence(t, sequence);
    const outcome = await runProperty(t, {
      arbitrary: sequences(users, writes > 0),
      numRuns: SEQUENCES,
      examples: [coreSequence(users, writes > 0)],
      describe,
      timeLimitMs: Math.floor(t.settings.checkTimeoutMs * 0.8),
      judge: (sequence) => judgeSequence(t, users, shared, sequence),
    });
    const scope = `${users.b.length > 0 ? 'both callers' : 'caller A only (no --token-b)'}, ${writes > 0 ? `up to ${writes} creates` : 'reads only'}`;
    reportProperty(t, outcome, { what: `stateful sequences (${scope})`, describe });
  },
  { sequential: true },
);
