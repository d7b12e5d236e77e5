/**
 * Choice: how a request without valid credentials is refused. Spec 5 states that every request
 * carries the Bearer header; spec 7 leaves the refusal's status open. A 401 carries a challenge
 * (RFC 9110 15.5.2; RFC 6750 3 names error="invalid_token" when a token was sent); a 403 carries none.
 */
import type { Variation } from '../variations.js';
import type { Choice } from './choice.js';

export const authRefusalChoice: Choice = {
  name: 'authentication refusal',
  silence: '7: "Error response shape, error codes and status codes for failures: not shown."',
  fields: ['authFailureStatus'],
  alternatives: [
    {
      does: '401 with a Bearer challenge (error="invalid_token" when a token was sent)',
      holds: (v) => v.authFailureStatus === 401,
      variations: ['baseline'],
    },
    { does: '403 with no challenge', holds: (v) => v.authFailureStatus === 403, variations: ['paged-rfp-403'] },
  ],
  code: ['src/lab/choices/auth-refusal.ts'],
};

/** The status and headers of a refusal, for the Authorization header as sent. */
export function authRefusal(variation: Variation, header: string | undefined): { status: number; headers: Record<string, string> } {
  const status = variation.authFailureStatus;
  if (status !== 401) return { status, headers: {} };
  const challenge = header === undefined ? 'Bearer realm="banklink"' : 'Bearer realm="banklink", error="invalid_token"';
  return { status, headers: { 'www-authenticate': challenge } };
}
