/** What a check asks the client to send (client.send), apart from the client so every policy can name it. */

export type AuthChoice =
  | 'a' // the caller's token (--token)
  | 'b' // the second caller's token (--token-b)
  | 'none' // no Authorization header at all
  | { header: string } // an exact Authorization header value (auth checks)
  | { scheme: string; caller: 'a' }; // the caller's current token after another spelling of the scheme ("bearer")

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

export interface RequestOptions {
  method?: Method;
  /** Path below the base URL, starting with '/'. Segments must already be escaped. */
  path: string;
  query?: Record<string, string | number | undefined>;
  auth?: AuthChoice;
  /** Headers to send; null sends no such header at all, not even the client's own Accept (absent Accept: RFC 9110 12.5.1). */
  headers?: Record<string, string | null>;
  /** A JSON value sent as the body with Content-Type: application/json. */
  json?: unknown;
  /** A raw body, sent as is (malformed JSON, wrong content types). */
  rawBody?: string;
  /**
   * The body cannot describe a resource (not a JSON object, or an object with none of its members):
   * sent even once the write budget is spent, since nothing can be created from it; a server that
   * creates something anyway has the write counted all the same.
   */
  describesNoResource?: boolean;
  /** Why a resource this request creates was created, for the footprint ("accepted with an extra member (allowed)"). */
  purpose?: string;
  /** The read that asks whether a token that worked still does (policies/token.ts): its own 401 asks nothing further. */
  tokenProbe?: boolean;
}
