import { withStatus, withoutHeader } from './kit.js';
import type { Fault } from './types.js';

/**
 * Conventions broken where the spec is silent (RFC 9110, RFC 6750): each SHOULD check's proof. The
 * suite must warn on each and still call the run conformant (a warn is never a fail); the fault
 * matrix asserts both. Modifiers at the auth, list, create and rfp hook points (hooks.ts).
 */
export const conventionFaults = [
  {
    name: 'auth-refusal-404',
    description: 'Requests with missing or bad credentials are answered 404 Not Found, to hide that the resource exists, instead of 401',
    breaks: 'conv.auth.401',
    caughtBy: 'auth.refusal-status-401',
    bends: { 'auth.refusal': (refusal) => withoutHeader(withStatus(404)(refusal), 'www-authenticate') },
  },
  {
    name: 'auth-401-no-challenge',
    description: 'A 401 answer carries no WWW-Authenticate header (the error middleware sets only the status)',
    breaks: 'conv.auth.www_authenticate',
    caughtBy: 'auth.www-authenticate-bearer',
    bends: { 'auth.refusal': (refusal) => withoutHeader(refusal, 'www-authenticate') },
  },
  {
    name: 'auth-scheme-case-sensitive',
    description:
      'The scheme name is compared case-sensitively: "bearer <token>" and "BEARER <token>" are refused, only "Bearer <token>" is accepted',
    breaks: 'conv.auth.scheme_case',
    caughtBy: 'auth.scheme-case-insensitive',
    bends: { 'auth.caller': (found, scene) => (/^(\S+) /.exec(scene.header ?? '')?.[1] === 'Bearer' ? found : undefined) },
  },
  {
    name: 'bank-create-202',
    description: 'POST /user_banks answers 202 Accepted (with the created User Bank) instead of 201 Created or 200 OK',
    breaks: 'conv.create.2xx',
    caughtBy: 'user-banks.create.status-code',
    bends: { 'create.answer': withStatus(202) },
  },
  {
    name: 'bank-create-errors-as-200',
    description:
      'POST /user_banks answers a body it refuses for its format (a missing or unknown member, a routing number that fails its checksum) with 200 and an {"error": ...} object, RPC style; nothing is stored',
    breaks: 'conv.bad_input.4xx',
    caughtBy: 'user-banks.create.invalid.4xx',
    bends: { 'create.refusal': (refusal, scene) => (scene.reason === 'format' ? withStatus(200)(refusal) : refusal) },
  },
  {
    name: 'limit-out-of-range-default',
    description:
      'GET /user_banks treats a limit it cannot use (0, -1, 1.5, abc, empty) as no limit and answers the default page instead of a 4xx',
    breaks: 'conv.limit.4xx',
    caughtBy: 'pagination.limit.out-of-range-4xx',
    bends: {
      // A limit it cannot use (0, -1, 1.5, abc, empty) is taken as no limit; one above 100 keeps its own answer.
      'list.limit': (limit, scene) => (typeof limit === 'string' && !(Number(scene.raw) > 100) ? 100 : limit),
    },
  },
  {
    name: 'cursor-unknown-restarts',
    description: 'GET /user_banks treats a cursor it did not issue as no cursor and answers the first page instead of a 4xx',
    breaks: 'conv.cursor.4xx',
    caughtBy: 'pagination.cursor.invalid-4xx',
    bends: { 'list.refusal': (refusal, scene) => (scene.reason === 'cursor' && scene.firstPage ? scene.firstPage() : refusal) },
  },
  {
    name: 'cursor-leading-junk-ignored',
    description:
      'GET /user_banks reads a cursor from its first base64url character on, so a cursor with characters put before it is taken for the real one instead of refused with a 4xx',
    breaks: 'conv.cursor.4xx',
    caughtBy: 'pagination.cursor.invalid-4xx',
    bends: {
      // The cursor is read from its first character of the base64url alphabet on (a pattern anchored at its end only).
      'list.query': (query) => (query.cursor === undefined ? query : { ...query, cursor: query.cursor.replace(/^[^A-Za-z0-9_-]+/, '') }),
    },
  },
  {
    name: 'rfp-list-text-plain',
    description: 'GET /rfp_registrations labels its JSON body Content-Type: text/plain',
    breaks: 'conv.content_type',
    caughtBy: 'http.json-content-type',
    bends: { 'rfp.answer': (answer) => ({ ...answer, headers: { ...answer.headers, 'content-type': 'text/plain; charset=utf-8' } }) },
  },
] as const satisfies readonly Fault[];
