/**
 * Stateful sequences as one property (issue 29): fast-check draws a sequence of commands
 * (fc.commands), runs it against the target with a fresh model (fc.asyncModelRun) and, when an answer
 * breaks the model, shrinks it to the shortest sequence that still does. The failing sequence is
 * shown as numbered steps, each with its curl line (tokens as environment variables).
 */
import fc from 'fast-check';
import { accountNumber } from '../../contract/arbitraries/account-number.js';
import { accountType, holderType } from '../../contract/arbitraries/account-types.js';
import { routingNumber } from '../../contract/arbitraries/routing-number.js';
import { toEvidence } from '../../http/evidence.js';
import type { Probe } from '../../harness/probe.js';
import { uniqueAccountNumber } from '../../harness/unique-account-number.js';
import { CallerData, type CallerName, type SharedFacts } from '../../core/model/caller-data.js';
import {
  CreateAtOnce,
  CreateBank,
  ListBanks,
  ListRfpRegistrations,
  ModelBroken,
  ReadUser,
  ReadsAtOnce,
  type ListAsk,
  type SequenceReal,
  type Step,
} from './sequence-commands.js';
import type { Verdict } from './run-property.js';

type Command = fc.AsyncCommand<CallerData, SequenceReal>;
export type Sequence = Iterable<Command>;

/** Commands in one sequence, at most: long enough for a read, a write and a read again by both callers. */
export const MAX_COMMANDS = 8;

/** The commands a sequence is drawn from; without writes (read-only, or no budget left), the read commands only. */
export function sequences(users: Readonly<Record<CallerName, readonly string[]>>, writes: boolean): fc.Arbitrary<Sequence> {
  const caller: fc.Arbitrary<CallerName> = users.b.length > 0 ? fc.constantFrom('a', 'b') : fc.constant('a');
  const index = fc.nat({ max: 7 });
  const ask: fc.Arbitrary<ListAsk> = fc.oneof(
    fc.constant<ListAsk>({ kind: 'none' }),
    fc.record({ kind: fc.constant('user' as const), whose: fc.constantFrom('own' as const, 'other' as const), index }),
    fc.constant<ListAsk>({ kind: 'status', status: 'active' }),
  );
  const body = fc.record({
    account_number: accountNumber(),
    routing_number: routingNumber(),
    account_holder_type: holderType(),
    bank_account_type: accountType(),
  });
  const reads: fc.Arbitrary<Command>[] = [
    fc.tuple(caller, ask, fc.constantFrom(10, 100)).map(([c, a, limit]) => new ListBanks(c, a, limit)),
    fc.tuple(caller, fc.constantFrom('own' as const, 'other' as const), index).map(([c, whose, i]) => new ReadUser(c, whose, i)),
    caller.map((c) => new ListRfpRegistrations(c)),
  ];
  const create = fc.tuple(caller, index, body).map(([c, i, b]) => new CreateBank(c, i, b));
  // Two bodies, or one account for both businesses: a value already sent, sent again by the other caller.
  const bodyPair = fc.oneof(
    fc.tuple(body, body),
    body.map((b) => [b, b] as const),
  );
  // Which create is sent first is fast-check's to draw (fc.scheduler): an interleaving replays by seed.
  const atOnce = fc.tuple(index, bodyPair, fc.scheduler()).map(([i, [a, b], order]) => new CreateAtOnce(i, [a, b], order));
  const writesOf = users.b.length > 0 ? [create, atOnce] : [create];
  return fc.commands(writes ? [...writesOf, ...reads] : reads, { maxCommands: MAX_COMMANDS });
}

/**
 * The systematic core judged first, every run: each kind of view read after a write by both callers
 * (the unfiltered list, each caller's own User's banks, a status, the other caller's User, Users and
 * RfP Registrations), so no run depends on the draw to put a read after a write. With a second
 * caller, the write is both callers' creates at once, so each is in flight while the other's is.
 */
export function coreSequence(users: Readonly<Record<CallerName, readonly string[]>>, writes: boolean): Sequence {
  // An account number no run has used, with a leading zero: a value a store might normalise.
  const body = () => ({
    account_number: uniqueAccountNumber({ leadingZero: true }),
    routing_number: '021000021',
    account_holder_type: 'individual',
    bank_account_type: 'checking',
  });
  const both: CallerName[] = users.b.length > 0 ? ['a', 'b'] : ['a'];
  // With a second caller, both create at once: each create is in flight while the other business's is.
  // One account for both: the spec makes no account number unique, so each business gets a bank of its own.
  const shared = body();
  const write: Command = users.b.length > 0 ? new CreateAtOnce(0, [shared, shared]) : new CreateBank('a', 0, shared);
  const reads = (c: CallerName): Command[] => [
    new ListBanks(c, { kind: 'none' }, 100),
    new ListBanks(c, { kind: 'user', whose: 'own', index: 0 }, 10),
    new ListBanks(c, { kind: 'status', status: 'active' }, 100),
    new ListBanks(c, { kind: 'user', whose: 'other', index: 0 }, 10),
    new ReadUser(c, 'other', 0),
    new ListRfpRegistrations(c),
  ];
  // Each caller's views side by side (reads judged against the same model), A's before B's: a cache
  // keyed without the caller shows when B asks what A asked first. Last, A reads its own User again:
  // after B asked for it (and was refused), A must still be given it.
  const views = both.map((c) => new ReadsAtOnce(reads(c)));
  return [...(writes ? [write] : []), ...views, new ReadUser('a', 'own', 0)];
}

/** The steps of each sequence's latest run, for its description in a finding. */
const scripts = new WeakMap<object, Step[]>();

export async function judgeSequence(
  t: Probe,
  users: Readonly<Record<CallerName, readonly string[]>>,
  shared: SharedFacts,
  sequence: Sequence,
): Promise<Verdict> {
  const real: SequenceReal = { t, steps: [] };
  scripts.set(sequence, real.steps);
  try {
    await fc.asyncModelRun(() => ({ model: new CallerData(users, shared), real }), sequence);
  } catch (error) {
    if (!(error instanceof ModelBroken)) throw error;
    return {
      ok: false,
      problem: `step ${real.steps.length}: ${error.problem}`,
      expected: error.expected,
      actual: error.actual,
      requirements: error.requirements,
      ...(error.exchange ? { exchange: error.exchange } : {}),
    };
  }
  return real.steps.length === 0 ? { ok: true, unproven: 'no command of the sequence could run' } : { ok: true };
}

/** A sequence as a reader replays it: its numbered steps as last run, each with its curl line. */
export function describeSequence(t: Probe, sequence: Sequence): string {
  const steps = scripts.get(sequence);
  if (steps === undefined || steps.length === 0) return String(sequence);
  const lines = steps.map(
    (step, i) => `${i + 1}. ${step.text}${step.exchange ? `\n   ${toEvidence(step.exchange, t.run.redactor).curl}` : ''}`,
  );
  return `\n${lines.join('\n')}`;
}
