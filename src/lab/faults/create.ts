import { timestamp } from '../choices/timestamp.js';
import { keepWrite, withStatus } from './kit.js';
import type { ServerView } from '../hooks.js';
import type { Fault } from './types.js';

/**
 * The queue behind the bank-rejected-but-queued fault: it consumes its messages once no refused write
 * has come for this long, later than the reference lists an accepted write (at once) and within the
 * absence window a run fits to that (1 s at least).
 */
const QUEUED_STORE_MS = 400;
const queues = new WeakMap<ServerView, { due: (() => void)[]; timer?: NodeJS.Timeout }>();

/** Queue a store on the server's queue: every store waiting is done once QUEUED_STORE_MS pass with none added. */
function enqueue(state: ServerView, store: () => void): void {
  const queue = queues.get(state) ?? { due: [] };
  queues.set(state, queue);
  queue.due.push(store);
  clearTimeout(queue.timer);
  queue.timer = setTimeout(() => {
    for (const done of queue.due.splice(0)) done();
  }, QUEUED_STORE_MS).unref();
}

/** Faults of POST /user_banks: modifiers at the create and serialise hook points (hooks.ts). */
export const createFaults = [
  {
    name: 'bank-account-number-masked',
    description: 'The create answer masks account_number (****1234) instead of returning it as given',
    breaks: 'create_user_bank.returned_as_given',
    caughtBy: 'user-banks.create.returned-as-given',
    bends: {
      'serialise.bank': (out, { bank, context }) =>
        context === 'create' ? { ...out, account_number: `****${bank.account_number.slice(-4)}` } : out,
    },
  },
  {
    name: 'bank-leading-zeros-dropped',
    description: 'account_number and routing_number are kept as integers: leading zeros are lost',
    breaks: 'create_user_bank.returned_as_given',
    caughtBy: 'user-banks.create.returned-as-given',
    bends: {
      'create.record': (bank) => ({
        ...bank,
        account_number: bank.account_number.replace(/^0+(?=\d)/, ''),
        routing_number: bank.routing_number.replace(/^0+(?=\d)/, ''),
      }),
    },
  },
  {
    name: 'bank-numbers-trimmed',
    description:
      'The request binder trims surrounding whitespace from every string before validation, so an account or routing number sent with spaces around it passes and is stored and answered without them',
    breaks: 'create_user_bank.returned_as_given',
    caughtBy: 'http.every-answer-conforms',
    bends: { 'create.owner': (owner, scene) => rewriteStrings(owner, scene.input, (v) => v.trim()) },
  },
  {
    name: 'bank-numbers-nfkc-normalised',
    description:
      'The request binder normalises every string to Unicode NFKC before validation, so fullwidth digits in an account or routing number pass as digits and come back as ASCII digits',
    breaks: 'create_user_bank.returned_as_given',
    caughtBy: 'http.every-answer-conforms',
    bends: { 'create.owner': (owner, scene) => rewriteStrings(owner, scene.input, (v) => v.normalize('NFKC')) },
  },
  {
    name: 'bank-linked-to-other-user',
    description: 'A created bank is linked to another User of the caller than the user_id sent',
    breaks: 'create_user_bank.linked_user',
    caughtBy: 'user-banks.create.linked-user',
    bends: {
      'create.record': (bank, scene) => ({ ...bank, user_id: scene.owner.users.find((u) => u.id !== bank.user_id)?.id ?? bank.user_id }),
    },
  },
  {
    name: 'bank-create-boolean-as-string',
    description: 'The create answer carries is_rtp_rfp_enabled as the string "false" instead of a boolean',
    breaks: 'user_bank.is_rtp_rfp_enabled',
    caughtBy: 'user-banks.create.schema',
    bends: {
      'serialise.bank': (out, { context }) => (context === 'create' ? { ...out, is_rtp_rfp_enabled: String(out.is_rtp_rfp_enabled) } : out),
    },
  },
  {
    name: 'bank-create-missing-field',
    description: 'The create answer leaves out status',
    breaks: 'create_user_bank.response',
    alsoBreaks: ['user_bank.status'],
    caughtBy: 'user-banks.create.schema',
    bends: {
      'serialise.bank': (out, { context }) => {
        if (context === 'create') delete out.status;
        return out;
      },
    },
  },
  {
    name: 'bank-not-kept',
    description: 'A created bank is answered 201 but never stored: it is in no list',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'user-banks.create.persisted',
    bends: { 'create.kept': () => false },
  },
  {
    name: 'bank-id-collision-concurrent',
    description: 'Bank ids come from a count read before the body arrives: banks created at once share an id',
    breaks: 'user_bank.id',
    caughtBy: 'user-banks.create.concurrent',
    bends: {
      // The id is taken from a count read before the body arrives, so requests in flight together share it.
      'create.arrived': (before, scene) => {
        scene.notes.set('racy-id', `ub_race_${scene.caller.banks.length + 1}`);
        return before.then(() => new Promise((resolve) => setTimeout(resolve, 20)));
      },
      'create.record': (bank, scene) => ({ ...bank, id: String(scene.notes.get('racy-id')) }),
    },
  },
  {
    name: 'bank-created-at-days-off',
    description: 'created_at of a new bank is three days before its creation',
    breaks: 'user_bank.created_at',
    caughtBy: 'user-banks.create.created-at',
    bends: { 'create.record': (bank) => ({ ...bank, createdAt: new Date(bank.createdAt.getTime() - 3 * 86_400_000) }) },
  },
  {
    name: 'bank-created-at-hours-ahead',
    description:
      "created_at of a new bank is the wall-clock time of a UTC+5 zone labelled as UTC: 5 hours ahead of the server's own Date header",
    breaks: 'user_bank.created_at',
    caughtBy: 'user-banks.create.created-at',
    bends: {
      // The wall-clock time of a UTC+5 zone stored as if it were UTC.
      'create.record': (bank) => ({ ...bank, createdAt: new Date(bank.createdAt.getTime() + 5 * 3_600_000) }),
    },
  },
  {
    name: 'bank-list-created-at-shifted',
    description:
      'GET /user_banks gives created_at read in a UTC-5 session zone and labelled UTC: every listed bank is 5 hours earlier than its create answer said',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'user-banks.create.persisted',
    bends: {
      // The list's query reads timestamps in the database session's zone (UTC-5) and labels them UTC.
      'serialise.bank': (out, { bank, context, state }) =>
        context === 'list' ? { ...out, created_at: timestamp(new Date(bank.createdAt.getTime() - 5 * 3_600_000), state.variation) } : out,
    },
  },
  {
    name: 'bank-rejected-but-kept',
    description: 'A body refused for its format (400) still leaves a bank behind',
    breaks: 'create_user_bank.persisted',
    caughtBy: 'user-banks.create.invalid.creates-nothing',
    bends: {
      // A request refused for its format still leaves a bank behind.
      'create.refusal': (refusal, scene) => {
        if (scene.reason === 'format' && scene.owner) keepWrite(scene.state, scene.owner, scene.input);
        return refusal;
      },
    },
  },
  {
    name: 'bank-rejected-but-queued',
    description: `A body refused for its format (400) is still consumed by an async queue, which stores its bank once ${QUEUED_STORE_MS} ms pass with no refused write; accepted banks are listed at once`,
    breaks: 'create_user_bank.persisted',
    caughtBy: 'user-banks.create.invalid.creates-nothing',
    bends: {
      // The gateway answers the refusal; the message it had already queued is consumed all the same.
      'create.refusal': (refusal, scene) => {
        const { owner, state, input } = scene;
        if (scene.reason === 'format' && owner) enqueue(state, () => keepWrite(state, owner, input));
        return refusal;
      },
    },
  },
  {
    name: 'create-validator-integer-routing-number',
    description:
      'the request validator is generated from an OpenAPI document that types routing_number as an integer (it looks like one): the string 4.1 lists is refused 400, so no valid body is taken',
    breaks: 'create_user_bank.body_object',
    caughtBy: 'user-banks.create.schema',
    bends: {
      'create.problem': (problem, { input }) =>
        problem ?? (typeof input.routing_number === 'string' ? 'routing_number must be an integer' : undefined),
    },
  },
  {
    name: 'bank-create-500-on-wrong-type',
    description: 'A body member of the wrong JSON type (a number for a string) is answered 500',
    breaks: 'http.no-5xx',
    caughtBy: 'user-banks.create.invalid.no-5xx',
    bends: { 'create.refusal': (refusal, scene) => (scene.reason === 'wrong-type' ? withStatus(500)(refusal) : refusal) },
  },
  {
    name: 'bank-create-accepts-unknown-user',
    description: 'A body whose user_id names no User is accepted (201) and the bank linked to nobody',
    breaks: 'create_user_bank.linked_user',
    caughtBy: 'user-banks.create.invalid.refused',
    bends: { 'create.user-allowed': () => true },
  },
] as const satisfies readonly Fault[];

/** A binder's rewrite of every string member of the body, before anything reads it; gives back what it was handed. */
function rewriteStrings<T>(passThrough: T, input: Record<string, unknown>, rewrite: (value: string) => string): T {
  for (const [key, value] of Object.entries(input)) if (typeof value === 'string') input[key] = rewrite(value);
  return passThrough;
}
