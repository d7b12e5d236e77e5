/**
 * The callers' tokens (token-source.ts): `authorize` puts the Authorization header the request asked
 * for on each request as it goes out (a command's token refreshed first when its told expiry is
 * near) and reads the answer: a 2xx says the token works, a 401 to a token that worked before says
 * it expired (a new one is obtained, the exchange marked tokenRefreshed). `resendAfterRefresh` sends
 * such a request once more, its answer judged as any. A token command that fails ends the request
 * TOKEN_COMMAND, after its exchange is recorded. A token given as a string cannot be renewed: a 401 to
 * it after it had worked is followed by a plain read with it, and when that is refused too the token
 * has ended, the request ends TOKEN_EXPIRED (its check could not look) and nothing more is sent with
 * it (issue 55: a gate must not blame the server for its own credentials).
 */
import { HttpError } from '../errors.js';
import { isSuccess, type Exchange } from '../exchange.js';
import { AnsweredThenFailed, type Policy } from '../pipeline.js';
import type { AuthChoice } from '../request-options.js';
import { failureOf } from '../send-once.js';
import { TokenCommandError } from '../token-command.js';
import type { TokenSource } from '../token-source.js';

export interface Callers {
  a: TokenSource;
  b?: TokenSource;
}

/** The token an exchange was sent with, and whose it is, so its answer can tell the token worked or expired. */
interface SentWith {
  source: TokenSource;
  token: string;
  caller: 'a' | 'b';
}

/** Sends the plain read that tells whether `caller`'s token still works (ApiKnowledge.tokenRead), marked as that probe. */
export type TokenRead = (caller: 'a' | 'b') => Promise<Exchange>;

export function authorize(callers: Callers, tokenRead?: TokenRead): Policy {
  return async (request, next) => {
    const { header, sentWith } = await authorizationFor(callers, request.auth ?? 'a');
    const exchange = await next(header === undefined ? request : { ...request, authorization: header });
    const ended = request.tokenProbe === true || tokenRead === undefined ? undefined : await tokenEnded(exchange, sentWith, tokenRead);
    if (ended !== undefined) {
      exchange.tokenExpired = true;
      throw new AnsweredThenFailed(exchange, new HttpError('TOKEN_EXPIRED', ended));
    }
    const failure = await judgeToken(exchange, sentWith);
    if (failure !== undefined) throw new AnsweredThenFailed(exchange, failureOf(failure, exchange.request.method, exchange.request.url));
    return exchange;
  };
}

/** The token had expired and a new one was obtained: the same request once more (once a send). */
export const resendAfterRefresh: Policy = async (request, next) => {
  const exchange = await next(request);
  if (exchange.tokenRefreshed !== true || request.tries.tokenResent) return exchange;
  request.tries.tokenResent = true;
  return next(request);
};

/** The Authorization header for `auth`, and the token source it came from (a caller's own token only). */
async function authorizationFor(callers: Callers, auth: AuthChoice): Promise<{ header?: string; sentWith?: SentWith }> {
  if (auth === 'none') return {};
  if (typeof auth === 'object' && 'header' in auth) return { header: auth.header };
  const caller = typeof auth === 'object' ? auth.caller : auth;
  const source = caller === 'a' ? callers.a : callers.b;
  if (source === undefined) throw new Error('a check asked for the second token without checking it is configured');
  let token: string;
  try {
    token = await source.current();
  } catch (error) {
    throw tokenCommandFailure(error);
  }
  const scheme = typeof auth === 'object' ? auth.scheme : 'Bearer';
  // Another spelling of the scheme also carries the caller's token: a 401 to it may be an expiry too,
  // and the answer with a fresh token is the one that says whether the spelling is accepted.
  return { header: `${scheme} ${token}`, sentWith: { source, token, caller } };
}

/**
 * What the answer says of the caller's token: a 2xx, that it works; a 401 to a token that worked
 * before, that it expired (a new one is obtained and the exchange marked to be sent again). A
 * command that fails then is handed back to be thrown once the exchange is in the run's traffic.
 */
async function judgeToken(exchange: Exchange, sentWith: SentWith | undefined): Promise<Error | undefined> {
  if (sentWith === undefined) return undefined;
  if (isSuccess(exchange)) sentWith.source.servedWith(sentWith.token);
  if (exchange.status !== 401) return undefined;
  if (sentWith.source.freshlyIssued(sentWith.token)) exchange.freshTokenRefused = true;
  try {
    if ((await sentWith.source.afterRefusal(sentWith.token)) !== undefined) exchange.tokenRefreshed = true;
    return undefined;
  } catch (error) {
    return tokenCommandFailure(error);
  }
}

/** A 401 to a caller's token given as a string that had worked: the sentence when the token has ended (TokenSource.ended). */
async function tokenEnded(exchange: Exchange, sentWith: SentWith | undefined, tokenRead: TokenRead): Promise<string | undefined> {
  if (sentWith === undefined || exchange.status !== 401) return undefined;
  const caller = sentWith.caller;
  return sentWith.source.ended(
    sentWith.token,
    async () => {
      try {
        // Only the same refusal says the token ended: any other answer (a 2xx, a 503 of a busy gateway) does not.
        return (await tokenRead(caller)).status !== 401;
      } catch {
        // No answer to the read: nothing proves the token ended, so the 401 stays the request's answer.
        return true;
      }
    },
    caller,
  );
}

/** A token command that failed mid-run makes the request's check inconclusive, with the command's sentence. */
function tokenCommandFailure(error: unknown): Error {
  return error instanceof TokenCommandError ? new HttpError('TOKEN_COMMAND', error.message) : (error as Error);
}
