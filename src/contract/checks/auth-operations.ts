import type { CheckSpec } from './types.js';

/**
 * The four operations of the spec, as the auth checks name them (the check ids) and as the
 * requirement catalog names them (auth.required.<requirement>).
 */
export const authOperations = [
  { key: 'create-user-bank', requirement: 'auth.required.create_user_bank', label: 'POST /user_banks' },
  { key: 'list-user-banks', requirement: 'auth.required.list_user_banks', label: 'GET /user_banks' },
  { key: 'list-rfp-registrations', requirement: 'auth.required.list_rfp_registrations', label: 'GET /rfp_registrations' },
  { key: 'get-user', requirement: 'auth.required.get_user', label: 'GET /users/{user_id}' },
] as const;

export type AuthOperationKey = (typeof authOperations)[number]['key'];

/**
 * Kinds of bad credentials; one check per operation and kind, so a defect of one operation (or of
 * one kind of checking) is named by the check that fails.
 */
export const credentialKinds = ['missing-credentials', 'unknown-token', 'other-scheme', 'near-miss-token'] as const;
export type CredentialKind = (typeof credentialKinds)[number];

export type RefusalCheckId = `auth.${AuthOperationKey}.${CredentialKind}-refused`;
export const refusalCheckId = (operation: AuthOperationKey, kind: CredentialKind): RefusalCheckId => `auth.${operation}.${kind}-refused`;

const kindTitle: Record<CredentialKind, string> = {
  'missing-credentials': 'without credentials (no header, an empty value, "Bearer" alone, the token in a query parameter) is refused',
  'unknown-token': 'with "Bearer" and a token the target never issued is refused',
  'other-scheme': 'with another scheme ("Basic" credentials, "Token <token>", the bare token) is refused',
  'near-miss-token':
    'with "Bearer" and a token that is almost the caller\'s (one character changed, removed or added, other letter case, its first half), or with something before or after "Bearer <token>", is refused',
};

/** The same kinds in a few words, for titles of at most 90 characters. */
const kindShort: Record<CredentialKind, string> = {
  'missing-credentials': 'without credentials',
  'unknown-token': 'with a token never issued',
  'other-scheme': 'with another scheme than Bearer',
  'near-miss-token': "with a token almost the caller's",
};

function refusalChecks(): (CheckSpec & { id: RefusalCheckId })[] {
  return authOperations.flatMap((operation) =>
    credentialKinds.map((kind): CheckSpec & { id: RefusalCheckId } => {
      const missing = kind === 'missing-credentials';
      return {
        id: refusalCheckId(operation.key, kind),
        area: 'auth',
        requirement: missing ? operation.requirement : 'auth.bearer',
        covers: missing ? ['auth.bearer'] : [operation.requirement],
        title: `${operation.label} ${kindShort[kind]} is refused`,
        description: `${operation.label} ${kindTitle[kind]}: no 2xx, no resource data`,
      };
    }),
  );
}

/** Checks of Authorization on every operation (spec 5). */
export const authChecks = [
  ...refusalChecks(),
  {
    id: 'auth.create-user-bank.refused-write-no-effect',
    area: 'auth',
    requirement: 'auth.refused_write_no_effect',
    covers: ['auth.required.create_user_bank'],
    title: 'A POST /user_banks refused for its credentials creates nothing',
    description: 'A POST /user_banks refused for its credentials creates nothing (an authorized listing afterwards does not hold it)',
  },
  {
    id: 'auth.refusal-status-401',
    area: 'auth',
    requirement: 'conv.auth.401',
    title: 'Missing or invalid credentials are answered 401, not 400, 403 or 404',
  },
  {
    id: 'auth.www-authenticate-bearer',
    area: 'auth',
    requirement: 'conv.auth.www_authenticate',
    title: 'A 401 answer carries WWW-Authenticate naming the Bearer scheme',
  },
  {
    id: 'auth.scheme-case-insensitive',
    area: 'auth',
    requirement: 'conv.auth.scheme_case',
    title: 'The scheme name is accepted in any case ("bearer <token>", "BEARER <token>")',
  },
] as const satisfies readonly CheckSpec[];

/** Keys whose presence next to an id makes a JSON object a User, a User Bank or an RfP Registration. */
const RESOURCE_KEYS = ['ssn', 'first_name', 'date_of_birth', 'email', 'account_number', 'routing_number', 'use_case'];

/**
 * What resource data a refusal's body holds, described in a few words, or undefined when it holds
 * none: a list envelope with items, or an object with an id and a member only a resource has. An
 * error body that echoes the request (no id) or names the user id in a message is not resource data.
 */
export function resourceDataIn(json: unknown): string | undefined {
  let found: string | undefined;
  const visit = (value: unknown, depth: number): void => {
    if (found !== undefined || depth > 8 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (Array.isArray(record.data) && record.data.length > 0) {
      found = `a list envelope with ${record.data.length} item(s) in data`;
      return;
    }
    const keys = RESOURCE_KEYS.filter((k) => k in record);
    if ('id' in record && keys.length > 0) {
      found = `an object with an id and ${keys.join(', ')}`;
      return;
    }
    for (const child of Object.values(record)) visit(child, depth + 1);
  };
  visit(json, 0);
  return found;
}
