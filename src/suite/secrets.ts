/** The secrets of a run and the placeholders they are printed as (the env variables that hold them). */
import { Redactor } from '../http/redact.js';

export function redactorFor(tokens: { tokenA?: string; tokenB?: string }): Redactor {
  const secrets = [];
  if (tokens.tokenA) secrets.push({ value: tokens.tokenA, placeholder: '$CONFORMANCE_TOKEN' });
  if (tokens.tokenB) secrets.push({ value: tokens.tokenB, placeholder: '$CONFORMANCE_TOKEN_B' });
  return new Redactor(secrets);
}
