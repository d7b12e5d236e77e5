/**
 * The requirement catalog: every testable statement of the spec under test
 * (../shared/spec/bank-linking-api.md) as {id, section, level, quote}.
 *
 * MUST  = stated by the spec, or a universal HTTP fact (a 5xx answer is a defect, a JSON body parses).
 * SHOULD = a convention where the spec is silent (RFC 9110 / RFC 6750); breaking one is a warn, never a fail.
 *
 * Quotes are copied from the spec text so a reader can find them with a text search; conventions
 * cite the RFC section and paraphrase it. A test (test/unit/requirements.test.ts) proves every MUST
 * quote still appears in the spec, so an edited spec cannot silently drift from the catalog.
 */
export type Level = 'MUST' | 'SHOULD';

export interface Requirement {
  id: string;
  section: string;
  level: Level;
  quote: string;
  /** Where the quote comes from when it is not the spec itself (an RFC). */
  source?: string;
}

// Generic in the id, so the catalog's ids are a union type (RequirementId): a misspelt id fails to compile.
const spec = <I extends string>(id: I, section: string, quote: string) => ({ id, section, level: 'MUST' as Level, quote });
const convention = <I extends string>(id: I, section: string, source: string, quote: string) => ({
  id,
  section,
  level: 'SHOULD' as Level,
  quote,
  source,
});
const universal = <I extends string>(id: I, source: string, quote: string) => ({
  id,
  section: 'HTTP',
  level: 'MUST' as Level,
  quote,
  source,
});

const catalog = [
  // --- General
  spec('json.bodies', 'intro', 'Bodies are JSON.'),
  universal(
    'http.no-5xx',
    'RFC 9110 15.6',
    'A 5xx (Server Error) status code means the server erred: never a correct answer to a client request.',
  ),

  // --- 2.1 User Bank
  spec('user_bank.id', '2.1', '| id | string | Unique identifier of the User Bank. Returned by the service. |'),
  spec('user_bank.user_id', '2.1', '| user_id | string | Identifier of the User that the account is linked to. |'),
  spec('user_bank.account_number', '2.1', '| account_number | string | Bank account number. Sent on creation and returned in responses. |'),
  spec('user_bank.routing_number', '2.1', '| routing_number | string | Bank routing number. Sent on creation and returned in responses. |'),
  spec('user_bank.account_holder_type', '2.1', '| account_holder_type | string | Kind of holder. Known value: individual. |'),
  spec('user_bank.bank_account_type', '2.1', '| bank_account_type | string | Kind of account. Known value: checking. |'),
  spec('user_bank.created_at', '2.1', '| created_at | string, ISO 8601 date-time | Time of creation. |'),
  spec(
    'user_bank.is_rtp_enabled',
    '2.1',
    '| is_rtp_enabled | boolean | Whether the account is enabled for the real-time payments network. |',
  ),
  spec(
    'user_bank.is_rtp_rfp_enabled',
    '2.1',
    '| is_rtp_rfp_enabled | boolean | Whether the account is enabled for Requests for Payment on the real-time payments network. |',
  ),
  spec('user_bank.status', '2.1', '| status | string | Status of the User Bank. Known value: active. Filterable in the list operation. |'),
  spec('user_bank.verification_status', '2.1', '| verification_status | string | Verification state. Known value: verified. |'),

  // --- 2.2 User
  spec('user.id', '2.2', '| id | string | Unique identifier of the User. |'),
  spec('user.first_name', '2.2', '| first_name | string | Given name. |'),
  spec('user.last_name', '2.2', '| last_name | string | Family name. |'),
  spec('user.email', '2.2', '| email | string | E-mail address. |'),
  spec('user.phone', '2.2', '| phone | string | Telephone number, digits in a string. |'),
  spec('user.ssn', '2.2', '| ssn | string | National identification number, digits in a string. |'),
  spec(
    'user.date_of_birth',
    '2.2',
    '| date_of_birth | object | Fields: date (number, day of month), month (number, month of year), year (number). |',
  ),
  spec(
    'user.address',
    '2.2',
    '| address | object | Fields: line1 (string), line2 (string or null), city (string), state (string), zip (string). |',
  ),
  spec('user.created_at', '2.2', '| created_at | string, ISO 8601 date-time | Time of creation. |'),
  spec('user.status', '2.2', '| status | string | Status of the User. Known value: active. |'),

  // --- 2.3 RfP Registration
  spec('rfp_registration.required', '2.3', 'All four fields are required in every returned object.'),
  spec('rfp_registration.id', '2.3', '| id | string | Unique identifier of the RfP Registration. |'),
  spec('rfp_registration.created_at', '2.3', '| created_at | string, ISO 8601 date-time | Time of creation. |'),
  spec('rfp_registration.status', '2.3', '| status | string | One of: pending, active, inactive. |'),
  spec('rfp_registration.use_case', '2.3', '| use_case | string | One of: account_to_account, business_to_business, bill_pay. |'),
  spec(
    'rfp_registration.one_per_use_case',
    '1',
    'The business that calls the API holds Request for Payment (RfP) registrations, one per permitted use case, for sending Requests for Payment on a real-time payments network.',
  ),
  spec('rfp_registration.states', '3', 'The three RfP Registration states are the complete set.'),

  // --- 2.4 List envelope
  spec('list.envelope', '2.4', 'List operations return an object with two required members.'),
  spec('list.data', '2.4', '| data | array | Objects of the listed resource. |'),
  spec(
    'list.next_cursor',
    '2.4',
    '| next_cursor | string or null | A pointer to a place in the list. Passed back as the cursor query parameter where the operation accepts it. |',
  ),

  // --- 4.1 Create a User Bank
  spec('create_user_bank.operation', '4.1', '- Method and path: POST /user_banks'),
  spec(
    'create_user_bank.response',
    '4.1',
    '- Response body: one User Bank object (section 2.1) with all its fields, including the service-assigned id, created_at, is_rtp_enabled, is_rtp_rfp_enabled, status and verification_status.',
  ),
  spec('create_user_bank.returned_as_given', '4.1', 'The account_number and routing_number are returned as given.'),
  spec('create_user_bank.linked_user', '2.1', '| user_id | string | Identifier of the User that the account is linked to. |'),
  spec('create_user_bank.persisted', '2.1', 'A bank account linked to a User.'),
  spec('create_user_bank.body_object', '4.1', '- Request body (JSON object):'),

  // --- 4.2 List User Banks
  spec('list_user_banks.operation', '4.2', '- Method and path: GET /user_banks'),
  spec('list_user_banks.response', '4.2', '- Response body: list envelope (section 2.4) whose data holds User Bank objects.'),
  spec('list_user_banks.limit.range', '4.2', '| limit | integer | Size of the page. Range 1 to 100 inclusive. Default and maximum: 100. |'),
  spec(
    'list_user_banks.limit.default',
    '8',
    '| limit query parameter | GET /user_banks | Integer from 1 to 100 inclusive. Default 100. Maximum 100. |',
  ),
  spec(
    'list_user_banks.limit.maximum',
    '8',
    '| limit query parameter | GET /user_banks | Integer from 1 to 100 inclusive. Default 100. Maximum 100. |',
  ),
  spec('list_user_banks.cursor', '4.2', '| cursor | string | Return the page of entries after the pointed place. |'),
  spec('list_user_banks.status_filter', '4.2', '| status | string | Keep only User Banks with this status. |'),
  spec('list_user_banks.user_id_filter', '4.2', '| user_id | string | Keep only User Banks of this User. |'),

  // --- 4.3 List RfP Registrations
  spec('list_rfp_registrations.operation', '4.3', '- Method and path: GET /rfp_registrations'),
  spec(
    'list_rfp_registrations.response',
    '4.3',
    '- Response body: list envelope (section 2.4) whose data holds RfP Registration objects (section 2.3).',
  ),
  spec(
    'list_rfp_registrations.all',
    '4.3',
    "The list holds all of the caller's registrations, that is the use cases of RfP the caller may use.",
  ),

  // --- 4.4 Retrieve a User
  spec('get_user.operation', '4.4', '- Method and path: GET /users/{user_id}'),
  spec('get_user.response', '4.4', '- Response body: one User object (section 2.2).'),
  spec('get_user.identity', '4.4', '- Path parameter: user_id, string, the identifier of the User to retrieve.'),

  // --- 5 Authentication
  spec(
    'auth.bearer',
    '5',
    "- Every request carries the header Authorization with the value Bearer followed by a space and <ACCESS_TOKEN>, where <ACCESS_TOKEN> is the caller's auth token.",
  ),
  spec('auth.required.create_user_bank', '5', '- The header is required on all four operations.'),
  spec('auth.required.list_user_banks', '5', '- The header is required on all four operations.'),
  spec('auth.required.list_rfp_registrations', '5', '- The header is required on all four operations.'),
  spec('auth.required.get_user', '5', '- The header is required on all four operations.'),
  spec('auth.refused_write_no_effect', '5', '- The header is required on all four operations.'),
  spec('tenant.isolation', '4.3', "The list holds all of the caller's registrations, that is the use cases of RfP the caller may use."),

  // --- Conventions where the spec is silent (section 7: "Error response shape, error codes and status codes for failures: not shown.")
  convention('conv.auth.401', '7', 'RFC 6750 3.1', 'A request with missing or invalid credentials is answered with 401 (Unauthorized).'),
  convention(
    'conv.auth.www_authenticate',
    '7',
    'RFC 9110 11.6.1, RFC 6750 3',
    'A 401 answer carries a WWW-Authenticate header naming the Bearer scheme.',
  ),
  convention('conv.auth.scheme_case', '5', 'RFC 9110 11.1', 'The authentication scheme name is matched case-insensitively.'),
  convention(
    'conv.bad_input.4xx',
    '7',
    'RFC 9110 15.5',
    'A request the client got wrong is answered with a 4xx (Client Error) status code.',
  ),
  convention('conv.limit.4xx', '8', 'RFC 9110 15.5.1', 'A limit outside 1 to 100 is answered with a 4xx, or capped to the maximum.'),
  convention('conv.cursor.4xx', '4.2', 'RFC 9110 15.5.1', 'A cursor the service never issued is answered with a 4xx (Client Error).'),
  convention('conv.not_found.404', '4.4', 'RFC 9110 15.5.5', 'A request for a User that does not exist is answered with 404 (Not Found).'),
  convention('conv.create.2xx', '4.5', 'RFC 9110 15.3.2', 'A successful creation is answered with 201 (Created) or 200 (OK).'),
  convention('conv.content_type', 'intro', 'RFC 9110 8.3', 'A JSON body is labelled Content-Type: application/json.'),
  convention(
    'conv.timestamp.rfc3339',
    '2.1',
    'RFC 3339 5.6',
    "A timestamp on the Internet uses RFC 3339's profile of ISO 8601: the extended format, with seconds and a UTC offset.",
  ),
] as const;

/** Every requirement id of the catalog. */
export type RequirementId = (typeof catalog)[number]['id'];

export const requirements: readonly (Requirement & { id: RequirementId })[] = catalog;

const byId = new Map<string, Requirement>(requirements.map((r) => [r.id, r]));

export function requirement(id: RequirementId): Requirement {
  const found = byId.get(id);
  if (!found) throw new Error(`unknown requirement id "${id}": add it to src/core/requirements.ts`);
  return found;
}

export function hasRequirement(id: string): id is RequirementId {
  return byId.has(id as RequirementId);
}
