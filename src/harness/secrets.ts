/** The secrets of a run and the placeholders they are printed as (the env variables that hold them). */
import { Redactor, type Secret } from '../http/redact.js';
import { tokenNearMisses } from './token-near-misses.js';

/**
 * A token and its near-misses (the auth checks send those): each printed as the shell expression
 * that builds it from the variable, so no report holds most of a token.
 */
function secretsOf(token: string | undefined, variable: string, withNearMisses: boolean): Secret[] {
  if (!token) return [];
  const nearMisses = withNearMisses ? tokenNearMisses(token, variable) : [];
  return [{ value: token, placeholder: `$${variable}` }, ...nearMisses.map((m) => ({ value: m.value, placeholder: m.placeholder }))];
}

/** A caller's token obtained again during the run (--token-command): printed as the same variable as the first one. */
export function addCallerToken(redactor: Redactor, caller: 'a' | 'b', token: string): void {
  redactor.addSecrets(caller === 'a' ? secretsOf(token, 'CONFORMANCE_TOKEN', true) : secretsOf(token, 'CONFORMANCE_TOKEN_B', false));
}

/** The run's redactor: its tokens always replaced; personal data masked unless --unmasked-evidence asked otherwise. */
export function redactorFor(tokens: { tokenA?: string; tokenB?: string; unmaskedEvidence?: boolean }): Redactor {
  // Only the first caller's token is sent in near-miss forms (suites/auth.ts).
  return new Redactor([...secretsOf(tokens.tokenA, 'CONFORMANCE_TOKEN', true), ...secretsOf(tokens.tokenB, 'CONFORMANCE_TOKEN_B', false)], {
    personalData: tokens.unmaskedEvidence === true ? 'unmasked' : 'masked',
  });
}
