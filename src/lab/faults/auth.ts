import {
  callerByNearToken,
  callerOfLastWord,
  cursorScope,
  everyonesBanks,
  firstCallerForAnyBearer,
  keepRefusedBody,
  keepWrite,
  onOperation,
  ownerOfUser,
} from './kit.js';
import type { Fault } from './types.js';

/**
 * Faults of authentication (spec 5) and tenant isolation (spec 4.3). The auth ones are switched on
 * at the auth hook points (hooks.ts); the cross-tenant ones where data is looked up (pool, owner, query).
 */
export const authFaults = [
  {
    name: 'auth-skipped-get-user',
    description:
      'GET /users/{user_id} answers without looking at the Authorization header at all (a request with no credentials reads the user)',
    breaks: 'auth.required.get_user',
    caughtBy: 'auth.get-user.missing-credentials-refused',
    bends: { 'auth.caller': onOperation('get_user', (scene) => scene.state.callers[0]) },
  },
  {
    name: 'auth-any-token-accepted',
    description: 'any Bearer token is accepted; an unknown one is treated as the first caller',
    breaks: 'auth.bearer',
    caughtBy: 'auth.list-user-banks.unknown-token-refused',
    bends: { 'auth.caller': (found, scene) => found ?? firstCallerForAnyBearer(scene) },
  },
  {
    name: 'auth-any-scheme-accepted',
    description: 'the scheme name is not checked: "Token <valid token>" (or the bare token) is accepted like "Bearer <valid token>"',
    breaks: 'auth.bearer',
    caughtBy: 'auth.list-rfp-registrations.other-scheme-refused',
    bends: { 'auth.caller': (found, scene) => found ?? callerOfLastWord(scene) },
  },
  {
    name: 'auth-token-prefix-accepted',
    description:
      'tokens are compared over the length of the one sent (strncmp-like): "Bearer " and any prefix of a valid token is accepted as that caller',
    breaks: 'auth.bearer',
    caughtBy: 'auth.get-user.near-miss-token-refused',
    bends: {
      'auth.caller': (found, scene) => found ?? callerByNearToken(scene, (token, sent) => sent.length > 0 && token.startsWith(sent)),
    },
  },
  {
    name: 'auth-token-case-insensitive',
    description: "tokens are looked up case-insensitively: the caller's token in upper case is accepted",
    breaks: 'auth.bearer',
    caughtBy: 'auth.list-rfp-registrations.near-miss-token-refused',
    bends: {
      'auth.caller': (found, scene) => found ?? callerByNearToken(scene, (token, sent) => token.toLowerCase() === sent.toLowerCase()),
    },
  },
  {
    name: 'list-banks-token-unanchored',
    description:
      'GET /user_banks matches the token with a pattern anchored only at its end (/<token>$/): the token with characters before it is accepted as that caller',
    breaks: 'auth.bearer',
    caughtBy: 'auth.list-user-banks.near-miss-token-refused',
    bends: { 'auth.caller': onOperation('list_user_banks', (scene) => callerByNearToken(scene, (token, sent) => sent.endsWith(token))) },
  },
  {
    name: 'auth-header-loose-match',
    description:
      'the Authorization value is searched for "Bearer <token>" anywhere instead of matched whole: "Token Bearer <token>" and "Bearer <token> extra" are accepted',
    breaks: 'auth.bearer',
    caughtBy: 'auth.create-user-bank.near-miss-token-refused',
    bends: {
      'auth.caller': (found, scene) => {
        const loose = /(bearer) (\S+)/i.exec(scene.header ?? '');
        return found ?? (loose?.[2] === undefined ? undefined : scene.state.callerByToken(loose[2]));
      },
    },
  },
  {
    name: 'auth-refused-write-persists',
    description: 'POST /user_banks without valid credentials is answered with a refusal, but the User Bank of the body is stored anyway',
    breaks: 'auth.refused_write_no_effect',
    caughtBy: 'auth.create-user-bank.refused-write-no-effect',
    bends: {
      'auth.refused': (before, scene) =>
        scene.operation === 'create_user_bank' ? before.then(() => keepRefusedBody(scene)).catch(() => undefined) : before,
    },
  },
  {
    name: 'cross-tenant-user-read',
    description: "GET /users/{user_id} finds the user among every caller's users, so caller B reads caller A's user",
    breaks: 'tenant.isolation',
    caughtBy: 'isolation.get-user.other-callers-user-hidden',
    bends: { 'user.pool': (_own, scene) => scene.state.callers.flatMap((c) => c.users) },
  },
  {
    name: 'cross-tenant-bank-filter',
    description: "GET /user_banks?user_id=X filters every caller's User Banks, so caller B lists caller A's User Banks by naming A's user",
    breaks: 'tenant.isolation',
    caughtBy: 'isolation.list-user-banks.filter-by-other-callers-user',
    bends: { 'list.pool': (own, scene) => (scene.query.userId !== null ? everyonesBanks(scene.state) : own) },
  },
  {
    name: 'cross-tenant-bank-list',
    description: "GET /user_banks lists every caller's User Banks, so caller B sees caller A's User Banks (old and new)",
    breaks: 'tenant.isolation',
    caughtBy: 'isolation.list-user-banks.other-callers-banks-hidden',
    bends: { 'list.pool': (_own, scene) => everyonesBanks(scene.state) },
  },
  {
    name: 'cross-tenant-rfp-list',
    description: "GET /rfp_registrations lists every caller's RfP Registrations, not only the caller's own",
    breaks: 'tenant.isolation',
    caughtBy: 'isolation.rfp-registrations.other-callers-hidden',
    bends: { 'rfp.pool': (_own, scene) => scene.state.callers.flatMap((c) => c.rfps) },
  },
  {
    name: 'cross-tenant-bank-create',
    description:
      "POST /user_banks accepts a user_id of another caller and stores the User Bank with that caller, so caller B adds banks to caller A's user",
    breaks: 'tenant.isolation',
    caughtBy: 'isolation.create-user-bank.other-callers-user-refused',
    bends: { 'create.owner': (owner, scene) => ownerOfUser(scene.state, scene.input.user_id) ?? owner },
  },
  {
    name: 'cursor-trusted-owner',
    description:
      "GET /user_banks takes the caller whose list a cursor walks from the cursor itself (a stateless cursor that carries its listing), not from the token: caller B replaying A's next_cursor reads A's User Banks",
    breaks: 'tenant.isolation',
    caughtBy: 'isolation.list-user-banks.other-callers-cursor',
    bends: {
      'list.query': (query, scene) => {
        const name = cursorScope(scene.state, query.cursor)?.caller;
        const owner = scene.state.callers.find((c) => c.name === name);
        return owner === undefined ? query : { ...query, caller: owner };
      },
    },
  },
  {
    name: 'cross-tenant-create-accepted',
    description:
      "POST /user_banks checks only that the user_id names some User, not one of the caller's: caller B's bank on A's User is answered 201 and kept in B's own list",
    breaks: 'tenant.isolation',
    caughtBy: 'isolation.create-user-bank.other-callers-user-refused',
    bends: { 'create.user-allowed': (allowed, scene) => allowed || ownerOfUser(scene.state, scene.input.user_id) !== undefined },
  },
  {
    name: 'cross-tenant-create-refused-but-kept',
    description:
      "POST /user_banks inserts before it checks the User is the caller's: caller B's bank on A's User is refused with 404, yet stays in B's list",
    breaks: 'tenant.isolation',
    caughtBy: 'isolation.create-user-bank.other-callers-user-refused',
    bends: {
      // The row is inserted before the ownership check, and the refusal does not roll it back.
      'create.refusal': (refusal, scene) => {
        if (scene.reason === 'unknown-user' && ownerOfUser(scene.state, scene.input.user_id) !== undefined)
          keepWrite(scene.state, scene.caller, scene.input);
        return refusal;
      },
    },
  },
] as const satisfies readonly Fault[];
