/**
 * What the client is told of the API it speaks, since HTTP alone cannot say it: which request writes
 * (refused under --read-only), which may create a resource (holds a slot of --max-writes), which
 * write a resend could store twice (sent again only once proven not stored), and what an answer
 * created. The client asks; the API's description answers (src/contract/operations/), so src/http
 * names no path of the spec.
 */
import type { Exchange } from './exchange.js';

/** What the questions are asked of: a request as the caller asked for it, before it is sent. */
export interface OperationRequest {
  method: string;
  /** Path below the base URL, starting with '/'. */
  path: string;
  /** The caller said the body cannot describe a resource (RequestOptions.describesNoResource). */
  describesNoResource?: boolean;
}

export interface ApiKnowledge {
  /** A write: never sent under --read-only; the run's latest write ending starts the settle window. */
  isWrite(request: OperationRequest): boolean;
  /** May create a resource: sent only with a slot of the write budget (--max-writes) reserved. */
  mayCreate(request: OperationRequest): boolean;
  /** A write whose method is not idempotent and whose resend could store a second resource: resent only once proven not stored. */
  resendMayDouble(request: OperationRequest): boolean;
  /** The id of the resource an answer created, a placeholder "(...)" when it carried none, or undefined when it created nothing. */
  createdIdOf(exchange: Exchange): string | undefined;
  /** A plain read every caller's token is accepted on: asked again after a 401 to a token that worked, to tell its end from the request's refusal. */
  tokenRead: { path: string };
}
