/**
 * Keeps secrets and personal data out of every output, by the structure of what is printed rather
 * than by searching text blindly (which turned check ids into `auth.list-$CONFORMANCE_TOKEN-banks`
 * and a cursor "string" into `**ring`):
 * - the Authorization header always shows the token as the variable that holds it;
 * - elsewhere a token is replaced only where it stands whole (not glued to letters, digits, `_` or
 *   `-`), so ids and words that merely contain it stay as they are (tokens under 8 characters are
 *   refused by the configuration for this reason);
 * - personal data is masked by member name in JSON bodies, to its shape (src/http/shape-mask.ts:
 *   type, length, member names), and in free text only values that have the shape of personal data
 *   (6+ digits for an SSN, phone or account number, an `@` in an e-mail);
 * - cursors, ids and URL paths are never masked for personal data, so a curl line replays;
 * - with --unmasked-evidence (synthetic data only) personal data is printed as it came; tokens are
 *   replaced all the same.
 */
import { personalMaskOf } from './personal-members.js';
import { ReplacementIndex } from './replacement-index.js';
import { maskDigitRuns, maskLearned } from './shape-mask.js';

export interface Secret {
  value: string;
  /** What the secret is printed as, e.g. `$CONFORMANCE_TOKEN`. */
  placeholder: string;
}

/** Members whose values, once read from the target, are masked wherever they appear in free text. */
const LEARNED_MEMBERS = new Set(['ssn', 'email', 'phone', 'account_number']);
/** Shorter values would mask ordinary words and numbers all over a report. */
const MIN_LEARNED_LENGTH = 6;
/**
 * Whether a value read from a personal member looks like personal data, and so is worth masking in
 * free text: a mock's example "string" in an ssn field is not anyone's SSN, but masking it would
 * also garble every cursor and word that is "string".
 */
const personalShape = (member: string, value: string): boolean => {
  if (member === 'email') return value.includes('@');
  let digits = 0;
  for (let i = 0; i < value.length && digits < MIN_LEARNED_LENGTH; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 48 && code <= 57) digits += 1;
  }
  return digits >= MIN_LEARNED_LENGTH;
};
/** Whether a text could contain a learned value: an @ (an e-mail) or 6+ digits (the other learned members). */
const mayHoldLearned = (text: string): boolean => text.includes('@') || personalShape('', text);
/** Members that hold what a replay needs (cursors, ids): tokens are replaced there, personal values never. */
const REPLAYABLE_MEMBERS = new Set(['next_cursor', 'cursor', 'id', 'user_id']);
const MAX_LEARNED = 50_000;

/** A character that glues a match to the text around it (then it is part of another word or id). */
const WORD_CHARACTER = /[A-Za-z0-9_-]/;

/** Replace `value` where it stands whole: not preceded or followed by a word character. */
export function replaceWhole(text: string, value: string, placeholder: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
    const before = at > 0 ? (text[at - 1] as string) : '';
    const after = text[at + value.length] ?? '';
    if (at < from || WORD_CHARACTER.test(before) || WORD_CHARACTER.test(after)) continue;
    out += text.slice(from, at) + placeholder;
    from = at + value.length;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Whether personal data read from the target is masked (always, but for --unmasked-evidence) or printed as it came. */
export type PersonalData = 'masked' | 'unmasked';

export class Redactor {
  /** The configured secrets (tokens): few, any length, replaced first. */
  private secrets: Secret[];
  /** Personal values learned from the target: up to MAX_LEARNED, replaced in one pass. */
  private readonly learned = new ReplacementIndex(MIN_LEARNED_LENGTH);
  private readonly ours = new Set<string>();
  private changes = 0;
  /** The length of the shortest secret: a shorter text holds none (most strings of an answer are shorter than a token). */
  private shortest = Infinity;

  /** Whether personal data is masked; secrets are replaced whatever this says. */
  readonly personalData: PersonalData;

  constructor(secrets: Secret[], { personalData = 'masked' }: { personalData?: PersonalData } = {}) {
    this.personalData = personalData;
    // Longest first, so a secret that contains another is replaced whole.
    this.secrets = secrets.filter((s) => s.value.length > 0).sort((a, b) => b.value.length - a.value.length);
    this.shortest = this.secrets.at(-1)?.value.length ?? Infinity;
  }

  /**
   * Secrets met during the run: a token obtained again from --token-command is told here before it is
   * sent, so everything printed afterwards, the exchanges it is sent in first, replaces it as well.
   */
  addSecrets(secrets: Secret[]): void {
    const known = new Set(this.secrets.map((s) => s.value));
    const added = secrets.filter((s) => s.value.length > 0 && !known.has(s.value));
    if (added.length === 0) return;
    this.secrets = [...this.secrets, ...added].sort((a, b) => b.value.length - a.value.length);
    this.shortest = this.secrets.at(-1)?.value.length ?? Infinity;
    this.changes += 1;
  }

  /** A number that changes whenever what this redactor masks may change: a secret added, a personal value learned. */
  get version(): number {
    return this.changes;
  }

  /** Replace every secret standing whole, and every personal value learned from the target, inside free text. */
  text(input: string): string {
    const out = this.secretsOnly(input);
    // Every learned value has an @ or 6+ digits (personalShape), so a text with neither holds none:
    // most strings of an answer are skipped without the index's scan of every position.
    return mayHoldLearned(out) ? this.learned.replaceIn(out) : out;
  }

  /** Secrets standing whole only: for what a replay needs as it is (cursors, ids). */
  secretsOnly(input: string): string {
    if (input.length < this.shortest) return input;
    let out = input;
    for (const secret of this.secrets) out = replaceWhole(out, secret.value, secret.placeholder);
    return out;
  }

  /**
   * The Authorization header: the token is the value's reason to exist, so it is replaced wherever
   * it stands in it (also glued to a wrong scheme, as the auth checks send it).
   */
  authorization(value: string): string {
    let out = value;
    for (const secret of this.secrets) out = out.split(secret.value).join(secret.placeholder);
    return out;
  }

  /**
   * A request URL: the path and the cursor stay as sent, so the curl line replays; a query value
   * that is a personal value read from the target (an account number in a filter) is masked.
   */
  url(input: string): string {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      return this.text(input);
    }
    const query = url.search.length > 1 ? url.search.slice(1).split('&') : [];
    const masked = query.map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return this.secretsOnly(pair);
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      let decoded = value;
      try {
        decoded = decodeURIComponent(value.replace(/\+/g, ' '));
      } catch {
        // Kept as sent.
      }
      const personal = !REPLAYABLE_MEMBERS.has(name) && this.learned.has(decoded);
      return `${this.secretsOnly(name)}=${personal ? encodeURIComponent(this.learned.replaceIn(decoded)) : this.secretsOnly(value)}`;
    });
    const head = this.secretsOnly(`${url.origin}${url.pathname}`);
    return `${head}${masked.length > 0 ? `?${masked.join('&')}` : url.search === '?' ? '?' : ''}${this.secretsOnly(url.hash)}`;
  }

  /**
   * Values the suite itself sent (generated test data): they are not personal data of the target's
   * customers, and keeping them whole is what lets a curl line replay a failure.
   */
  noteSent(json: unknown): void {
    forEachMember(json, (_member, value) => {
      if (typeof value === 'string' && this.ours.size < MAX_LEARNED) this.ours.add(value);
    });
  }

  /**
   * Remember personal values read from the target (SSN, account number, e-mail, phone), so a
   * message or curl line that quotes one is masked too, not only bodies masked by member name.
   */
  learnFrom(json: unknown, depth = 0): void {
    // Every page of a long walk passes here, so this is forEachMember written out: no visitor call
    // per member and no own-property test (JSON.parse makes only own, plain members). The two
    // measured 24 us against 9 us a 100-item page, on a 78 us JSON.parse of it.
    // Once the index is full nothing more is learned: a long walk's later pages are not read for it.
    // Unmasked, nothing is learned: the values are to be printed as they came.
    if (this.personalData === 'unmasked' || depth > 20 || json === null || typeof json !== 'object' || this.learned.size >= MAX_LEARNED)
      return;
    if (Array.isArray(json)) {
      for (const item of json) if (item !== null && typeof item === 'object') this.learnFrom(item, depth + 1);
      return;
    }
    const record = json as Record<string, unknown>;
    for (const member in record) {
      const child = record[member];
      if (child !== null && typeof child === 'object') this.learnFrom(child, depth + 1);
      else if (LEARNED_MEMBERS.has(member)) this.learnValue(member, child);
    }
  }

  private learnValue(member: string, value: unknown): void {
    const text = typeof value === 'number' ? String(value) : value;
    // Cheapest first: on a long walk the same values come back page after page.
    if (
      typeof text !== 'string' ||
      text.length < MIN_LEARNED_LENGTH ||
      this.learned.has(text) ||
      this.ours.has(text) ||
      !personalShape(member, text)
    )
      return;
    if (this.learned.size >= MAX_LEARNED) return;
    if (this.learned.add(text, maskLearned(member, text))) this.changes += 1;
  }

  /** Mask personal data in a parsed JSON value, then replace secrets in every string. */
  json(value: unknown): unknown {
    return this.walk(value, undefined);
  }

  /** A JSON body already parsed (the client parses every answer once): masked and printed. */
  parsedBody(json: unknown): string {
    return JSON.stringify(this.json(json));
  }

  /** A body as text: parsed, masked and printed again when it is JSON; secrets replaced otherwise. */
  body(raw: string): string {
    if (raw.length === 0) return raw;
    try {
      return JSON.stringify(this.json(JSON.parse(raw)));
    } catch {
      const text = this.text(raw);
      return this.personalData === 'masked' ? maskDigitRuns(text) : text;
    }
  }

  private walk(value: unknown, member: string | undefined): unknown {
    if (member !== undefined && this.personalData === 'masked') {
      // A personal member is masked whole, whatever its type (src/http/personal-members.ts): nothing
      // of it is walked, so no part of it is printed.
      const mask = personalMaskOf(member);
      if (mask !== undefined) return mask(value);
    }
    if (Array.isArray(value)) return value.map((item) => this.walk(item, undefined));
    if (value !== null && typeof value === 'object') {
      // for-in over a parsed value (own, plain members only) rather than Object.entries: no entry arrays per object.
      const record = value as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const key in record) out[key] = this.walk(record[key], key);
      return out;
    }
    if (typeof value === 'string') {
      if (member !== undefined && REPLAYABLE_MEMBERS.has(member)) return this.secretsOnly(value);
      return this.text(value);
    }
    return value;
  }
}

function forEachMember(value: unknown, visit: (member: string, child: unknown) => void, depth = 0): void {
  if (depth > 20 || value === null || typeof value !== 'object') return;
  // The hot path of a long walk (every member of every page): no per-object entry arrays, and no
  // call for a primitive child.
  if (Array.isArray(value)) {
    for (const item of value) if (item !== null && typeof item === 'object') forEachMember(item, visit, depth + 1);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const member in record) {
    if (!Object.hasOwn(record, member)) continue;
    const child = record[member];
    visit(member, child);
    if (child !== null && typeof child === 'object') forEachMember(child, visit, depth + 1);
  }
}
