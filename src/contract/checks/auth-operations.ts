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

/** Kinds of bad credentials (suites/auth.ts declares one check per operation and kind). */
export const credentialKinds = ['missing-credentials', 'unknown-token', 'other-scheme', 'near-miss-token'] as const;
export type CredentialKind = (typeof credentialKinds)[number];

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
