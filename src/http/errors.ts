/**
 * Errors of the HTTP client carry a stable string `code` (as undici and ajv do), so a check can turn
 * them into an outcome without parsing messages: every one of these makes a check inconclusive,
 * because the target did not answer in a way that proves or disproves the requirement.
 */
export type HttpErrorCode =
  | 'TIMEOUT' // no complete answer within the per-request bound
  | 'CONNECTION' // refused, reset, DNS failure
  | 'TLS' // the target's certificate is untrusted, expired or for another host (src/http/tls-trust.ts)
  | 'BODY_TOO_LARGE' // the body went past the cap
  | 'THROTTLED' // 429 past the retry budget
  | 'READ_ONLY' // a write was attempted in --read-only mode (a bug in a check; never sent)
  | 'WRITE_BUDGET' // --max-writes is spent (never sent)
  | 'RUN_DEADLINE' // the whole run went past its time bound, or had ended (never sent)
  | 'TOKEN_EXPIRED' // a token given as a string stopped being accepted mid-run (token-source.ts): the run's credentials, not the server
  | 'UNAVAILABLE' // 502/503/504 while no other request was served, or sent to a target found down (availability.ts)
  | 'TOKEN_COMMAND'; // the token command (--token-command) failed when the token had to be obtained again

export class HttpError extends Error {
  readonly code: HttpErrorCode;
  constructor(code: HttpErrorCode, message: string) {
    super(message);
    this.name = 'HttpError';
    this.code = code;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
