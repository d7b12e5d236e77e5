/**
 * The survivors of `npm run mutation` that are explained, each with why: either it cannot change
 * anything the spec states (an equivalent mutant under the spec), or it is a known blind spot no
 * black-box run can see. scripts/mutation-summary.ts matches every survivor of the last report
 * against this list and prints the score of what is *not* explained (the goal: at least 90% of it
 * killed), the explained ones by reason, and any entry that no longer survives (killed by a sharper
 * check, or its code changed: re-check it and drop or update the entry).
 *
 * Why a list and not a `// Stryker disable next-line <mutator>: <why>` in the source: that comment
 * switches off every mutant of that mutator on its line, and on most of these lines some of them
 * are killed (`if (a || b)` turned `true` is killed where `false` survives), so the comment would
 * hide killed mutants too. The source's comments are for code where every mutant of the named
 * mutators cannot matter (code only a fault reaches, error texts): those are Ignored, not judged. A mutant is named by its file, its line's text, its place on the line, its
 * mutator and its replacement, so an entry follows its line when code above it moves.
 */

export interface Reason {
  /** A known blind spot: the mutant does change what the spec states, but no black-box run can see it. */
  blindSpot: boolean;
  why: string;
}

export const REASONS = {
  'validation-not-required': {
    blindSpot: false,
    why: 'the baseline reference validates a creation more strictly than the spec asks, and the values it assigns are its own choice. 4.1: "Which body fields are required and which are optional: not shown"; 2.1: "Length and format constraints of every field ... not shown", "Allowed values ... beyond the known values: not shown". A body accepted that the strict variation refuses (not an object, a non-string field, an empty or missing field, an unknown member, a malformed account number, a type outside the known values; each unknown user still refused) is conformant, and so are other defaults, assigned flags and statuses within their enums, an id of another shape, and Content-Type spellings the suite never sends.',
  },
  'emptied-catch': {
    blindSpot: false,
    why: 'an emptied catch block: the cursor decoder then returns undefined either way; a body JSON.parse refused is then refused as not an object; the RfP handler\'s is reached only by a cursor the RfP list never issued, which no check sends (4.3: its pagination controls are not shown). A Stryker comment cannot reach a catch clause.',
  },
  'fault-only-cursor': {
    blindSpot: false,
    why: 'the lap group of the offset cursor and the restart cursor (r) appear only in cursors of the cursor-never-ends fault, off in every judged run.',
  },
  'unsigned-cursor': {
    blindSpot: false,
    why: 'the opaque cursor\'s signature and shape tests: dropping one lets through only a cursor with a valid payload and a wrong tag, which nobody but the service can make. 2.4 asks a cursor to point to a place; a service that does not sign its cursors is conformant, and the suite\'s tampered cursors carry characters outside any cursor alphabet, refused either way.',
  },
  'blind-spot-empty-rfp': {
    blindSpot: true,
    why: 'an RfP list that is always empty. 4.3: "The list holds all of the caller\'s registrations", but no operation creates one (4.5), so an empty list is also what a caller with no registrations gets: no black-box run can tell the two apart.',
  },
  'rfp-paging-open': {
    blindSpot: false,
    why: 'the RfP list in one page where the paged-rfp variation pages it: 4.3 leaves its pagination controls open.',
  },
  'challenge-on-403': {
    blindSpot: false,
    why: 'a WWW-Authenticate challenge on a 403 as well as on a 401: only paged-rfp-403 answers 403, and nothing forbids the header there.',
  },
  'unreachable-condition': {
    blindSpot: false,
    why: 'a condition only a fault or another branch makes true: the token is undefined only when the scheme is (already refused); a per-operation or limit-above-100 fault is off in every judged run; filtering by no filter lists the same rows; nothing else in the handler throws but a bad cursor; a cursor position other than an offset is a keyset one unless a fault issued it.',
  },
  'body-cap': {
    blindSpot: false,
    why: 'the reference\'s own 1 MiB request-body cap: spec 8 names no limit for a request body, so no check sends one that large.',
  },
  'empty-last-page': {
    blindSpot: false,
    why: 'one more, empty page after the last. 2.4 does not say when next_cursor is null; the emptyLastPage variations do the same on purpose, and pagination.traversal.ends allows at most one empty last page.',
  },
} satisfies Record<string, Reason>;

export interface ExplainedSurvivor {
  reason: keyof typeof REASONS;
  file: string;
  /** The trimmed text of the line the mutant starts on. */
  code: string;
  /** Its first column, and `lines:column` of its end (lines after the first). */
  from: number;
  to: string;
  mutator: string;
  replacement: string;
}

const at = (reason: keyof typeof REASONS, file: string, code: string, from: number, to: string, mutator: string, replacement: string): ExplainedSurvivor => ({ reason, file, code, from, to, mutator, replacement });

export const EXPLAINED: readonly ExplainedSurvivor[] = [
  at("challenge-on-403", "src/reference/auth.ts", "const headers: Record<string, string> = status === 401 && !state.fault('auth-401-no-challenge') ? { 'www-authenticate': challenge } : {};", 45, "0:100", "ConditionalExpression", "true"),
  at("challenge-on-403", "src/reference/auth.ts", "const headers: Record<string, string> = status === 401 && !state.fault('auth-401-no-challenge') ? { 'www-authenticate': challenge } : {};", 45, "0:100", "LogicalOperator", "status === 401 || !state.fault('auth-401-no-challenge')"),
  at("challenge-on-403", "src/reference/auth.ts", "const headers: Record<string, string> = status === 401 && !state.fault('auth-401-no-challenge') ? { 'www-authenticate': challenge } : {};", 45, "0:59", "ConditionalExpression", "true"),
  at("unreachable-condition", "src/reference/auth.ts", "if (!schemeOk || token === undefined) return undefined;", 20, "0:39", "ConditionalExpression", "false"),
  at("unreachable-condition", "src/reference/auth.ts", "return name !== undefined && state.fault(name);", 10, "0:49", "ConditionalExpression", "false"),
  at("emptied-catch", "src/reference/cursor.ts", "} catch {", 11, "2:4", "BlockStatement", "{}"),
  at("fault-only-cursor", "src/reference/cursor.ts", "const match = /^(\\d{1,9})(?:L(\\d{1,9}))?$/.exec(cursor);", 19, "0:47", "Regex", "/^(\\d{1,9})(?:L(\\d))?$/"),
  at("fault-only-cursor", "src/reference/cursor.ts", "const match = /^(\\d{1,9})(?:L(\\d{1,9}))?$/.exec(cursor);", 19, "0:47", "Regex", "/^(\\d{1,9})(?:L(\\D{1,9}))?$/"),
  at("fault-only-cursor", "src/reference/cursor.ts", "if (typeof parsed.r === 'number') return { kind: 'restart', lap: parsed.r };", 9, "0:37", "ConditionalExpression", "false"),
  at("unsigned-cursor", "src/reference/cursor.ts", "if (!payload || !given || extra !== undefined || tag(payload) !== given) return undefined;", 7, "0:48", "ConditionalExpression", "false"),
  at("unsigned-cursor", "src/reference/cursor.ts", "if (!payload || !given || extra !== undefined || tag(payload) !== given) return undefined;", 7, "0:48", "LogicalOperator", "(!payload || !given) && extra !== undefined"),
  at("unsigned-cursor", "src/reference/cursor.ts", "if (!payload || !given || extra !== undefined || tag(payload) !== given) return undefined;", 7, "0:25", "ConditionalExpression", "false"),
  at("unsigned-cursor", "src/reference/cursor.ts", "if (!payload || !given || extra !== undefined || tag(payload) !== given) return undefined;", 7, "0:25", "LogicalOperator", "!payload && !given"),
  at("unsigned-cursor", "src/reference/cursor.ts", "if (!payload || !given || extra !== undefined || tag(payload) !== given) return undefined;", 29, "0:48", "ConditionalExpression", "false"),
  at("unsigned-cursor", "src/reference/cursor.ts", "if (typeof parsed.k !== 'number') return undefined;", 9, "0:37", "ConditionalExpression", "false"),
  at("emptied-catch", "src/reference/handlers/create-user-bank.ts", "} catch {", 11, "3:4", "BlockStatement", "{}"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();", 55, "0:57", "StringLiteral", "\"Stryker was here!\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (body === null || typeof body !== 'object' || Array.isArray(body)) {", 73, "3:4", "BlockStatement", "{}"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (typeof input.user_id !== 'string' || input.user_id === '') {", 66, "3:4", "BlockStatement", "{}"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "account_number: dropZeros(fields.account_number ?? ''),", 56, "0:58", "StringLiteral", "\"Stryker was here!\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "routing_number: dropZeros(fields.routing_number ?? ''),", 56, "0:58", "StringLiteral", "\"Stryker was here!\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "account_holder_type: fields.account_holder_type ?? 'individual',", 56, "0:68", "StringLiteral", "\"\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "bank_account_type: fields.bank_account_type ?? 'checking',", 52, "0:62", "StringLiteral", "\"\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (problem !== undefined) {", 30, "3:4", "BlockStatement", "{}"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();", 23, "0:80", "MethodExpression", "(req.headers['content-type'] ?? '').split(';')[0]"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "const contentType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();", 23, "0:78", "OptionalChaining", "(req.headers['content-type'] ?? '').split(';')[0].trim"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (variation.validation === 'strict' && contentType !== 'application/json') {", 7, "0:40", "ConditionalExpression", "true"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (body === null || typeof body !== 'object' || Array.isArray(body)) {", 7, "0:71", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (body === null || typeof body !== 'object' || Array.isArray(body)) {", 7, "0:71", "LogicalOperator", "(body === null || typeof body !== 'object') && Array.isArray(body)"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (body === null || typeof body !== 'object' || Array.isArray(body)) {", 7, "0:48", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (body === null || typeof body !== 'object' || Array.isArray(body)) {", 7, "0:48", "LogicalOperator", "body === null && typeof body !== 'object'"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (body === null || typeof body !== 'object' || Array.isArray(body)) {", 7, "0:20", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (body === null || typeof body !== 'object' || Array.isArray(body)) {", 24, "0:48", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "for (const field of FIELDS) {", 31, "9:4", "BlockStatement", "{}"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (input[field] !== undefined && typeof input[field] !== 'string') {", 9, "0:71", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (input[field] !== undefined && typeof input[field] !== 'string') {", 9, "0:35", "ConditionalExpression", "true"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (input[field] !== undefined && typeof input[field] !== 'string') {", 9, "0:35", "EqualityOperator", "input[field] === undefined"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (input[field] !== undefined && typeof input[field] !== 'string') {", 73, "7:6", "BlockStatement", "{}"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (typeof input.user_id !== 'string' || input.user_id === '') {", 7, "0:64", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (typeof input.user_id !== 'string' || input.user_id === '') {", 7, "0:64", "LogicalOperator", "typeof input.user_id !== 'string' && input.user_id === ''"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (typeof input.user_id !== 'string' || input.user_id === '') {", 7, "0:40", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (typeof input.user_id !== 'string' || input.user_id === '') {", 44, "0:64", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (typeof input.user_id !== 'string' || input.user_id === '') {", 62, "0:64", "StringLiteral", "\"Stryker was here!\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "const problem = variation.validation === 'strict' ? strictProblem(input, fields) : undefined;", 19, "0:52", "ConditionalExpression", "true"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "id: racyId ?? state.fixtures.ids.next('bank'),", 43, "0:49", "StringLiteral", "\"\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "account_holder_type: fields.account_holder_type ?? 'individual',", 26, "0:68", "LogicalOperator", "fields.account_holder_type && 'individual'"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "bank_account_type: fields.bank_account_type ?? 'checking',", 24, "0:62", "LogicalOperator", "fields.bank_account_type && 'checking'"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "is_rtp_enabled: true,", 21, "0:25", "BooleanLiteral", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "is_rtp_rfp_enabled: false,", 25, "0:30", "BooleanLiteral", "true"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "status: 'active',", 13, "0:21", "StringLiteral", "\"\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "verification_status: 'verified',", 26, "0:36", "StringLiteral", "\"\""),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (problem !== undefined) {", 7, "0:28", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "const unknown = Object.keys(input).filter((key) => !(FIELDS as readonly string[]).includes(key));", 45, "0:98", "ArrowFunction", "() => undefined"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (unknown.length > 0) return `unknown member(s): ${unknown.join(', ')}`;", 7, "0:25", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "for (const field of FIELDS) if (fields[field] === undefined) return `${field} is required`;", 35, "0:62", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (!/^\\d{4,17}$/.test(fields.account_number ?? '')) return 'account_number must be 4 to 17 digits';", 7, "0:54", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (!/^\\d{4,17}$/.test(fields.account_number ?? '')) return 'account_number must be 4 to 17 digits';", 8, "0:20", "Regex", "/\\d{4,17}$/"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (!/^\\d{4,17}$/.test(fields.account_number ?? '')) return 'account_number must be 4 to 17 digits';", 8, "0:20", "Regex", "/^\\d{4,17}/"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (!HOLDER_TYPES.has(fields.account_holder_type ?? '')) return 'account_holder_type is not a known value';", 7, "0:58", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "if (!ACCOUNT_TYPES.has(fields.bank_account_type ?? '')) return 'bank_account_type is not a known value';", 7, "0:57", "ConditionalExpression", "false"),
  at("validation-not-required", "src/reference/handlers/create-user-bank.ts", "const ACCOUNT_TYPES = new Set(['checking', 'savings']);", 44, "0:53", "StringLiteral", "\"\""),
  at("blind-spot-empty-rfp", "src/reference/handlers/list-rfp-registrations.ts", "const ordered = state.variation.order === 'asc' ? own : [...own].reverse();", 59, "0:67", "ArrayDeclaration", "[]"),
  at("blind-spot-empty-rfp", "src/reference/handlers/list-rfp-registrations.ts", "const size = state.variation.rfpPageSize > 0 ? state.variation.rfpPageSize : Math.max(1, ordered.length);", 16, "0:47", "ConditionalExpression", "true"),
  at("blind-spot-empty-rfp", "src/reference/handlers/list-rfp-registrations.ts", "const size = state.variation.rfpPageSize > 0 ? state.variation.rfpPageSize : Math.max(1, ordered.length);", 16, "0:47", "EqualityOperator", "state.variation.rfpPageSize >= 0"),
  at("blind-spot-empty-rfp", "src/reference/handlers/list-rfp-registrations.ts", "const size = state.variation.rfpPageSize > 0 ? state.variation.rfpPageSize : Math.max(1, ordered.length);", 16, "0:47", "EqualityOperator", "state.variation.rfpPageSize <= 0"),
  at("emptied-catch", "src/reference/handlers/list-rfp-registrations.ts", "} catch (error) {", 19, "4:4", "BlockStatement", "{}"),
  at("rfp-paging-open", "src/reference/handlers/list-rfp-registrations.ts", "const size = state.variation.rfpPageSize > 0 ? state.variation.rfpPageSize : Math.max(1, ordered.length);", 16, "0:47", "ConditionalExpression", "false"),
  at("unreachable-condition", "src/reference/handlers/list-user-banks.ts", "if (value > 100 && honourAbove100) return Math.min(value, 1_000);", 7, "0:36", "ConditionalExpression", "false"),
  at("unreachable-condition", "src/reference/handlers/list-user-banks.ts", "if (value > 100 && honourAbove100) return Math.min(value, 1_000);", 7, "0:18", "ConditionalExpression", "true"),
  at("unreachable-condition", "src/reference/handlers/list-user-banks.ts", "const filtered = userIdApplied !== null || statusApplied !== null;", 20, "0:68", "ConditionalExpression", "true"),
  at("unreachable-condition", "src/reference/handlers/list-user-banks.ts", "if (!(error instanceof BadCursor)) throw error;", 9, "0:38", "ConditionalExpression", "false"),
  at("body-cap", "src/reference/http-util.ts", "if (size > cap) throw new BodyTooLarge(`request body over ${cap} bytes`);", 9, "0:19", "ConditionalExpression", "false"),
  at("body-cap", "src/reference/http-util.ts", "if (size > cap) throw new BodyTooLarge(`request body over ${cap} bytes`);", 9, "0:19", "EqualityOperator", "size >= cap"),
  at("empty-last-page", "src/reference/paginate.ts", "start = index === -1 ? ordered.length : index;", 15, "0:27", "ConditionalExpression", "false"),
  at("empty-last-page", "src/reference/paginate.ts", "const more = end < ordered.length;", 16, "0:36", "ConditionalExpression", "true"),
  at("empty-last-page", "src/reference/paginate.ts", "const more = end < ordered.length;", 16, "0:36", "EqualityOperator", "end <= ordered.length"),
  at("empty-last-page", "src/reference/paginate.ts", "const pointOnward = more || emptyPageNext;", 23, "0:44", "ConditionalExpression", "true"),
  at("unreachable-condition", "src/reference/paginate.ts", "else if (position.kind === 'after-seq') {", 14, "0:43", "ConditionalExpression", "true"),
];
