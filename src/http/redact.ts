/**
 * Keeps secrets and personal data out of every output: tokens are replaced by the name of the
 * environment variable that holds them (so a curl line still replays), and personal data read from
 * the target is masked by member name wherever it appears in a JSON body.
 */
import { ReplacementIndex } from './replacement-index.js';

export interface Secret {
  value: string;
  /** What the secret is printed as, e.g. `$CONFORMANCE_TOKEN`. */
  placeholder: string;
}

/** Members whose values are personal data (spec 2.1, 2.2) and never printed whole. */
const MASKED_MEMBERS = new Set(['ssn', 'email', 'phone', 'first_name', 'last_name', 'line1', 'line2']);
const LAST_FOUR_MEMBERS = new Set(['account_number']);
const WHOLE_OBJECT_MEMBERS = new Set(['date_of_birth']);

/** Members whose values, once read from the target, are masked wherever they appear in free text. */
const LEARNED_MEMBERS = new Set(['ssn', 'email', 'phone', 'account_number']);
/** Shorter values would mask ordinary words and numbers all over a report. */
const MIN_LEARNED_LENGTH = 5;
const MAX_LEARNED = 50_000;

export class Redactor {
  /** The configured secrets (tokens): few, any length, replaced first. */
  private readonly secrets: Secret[];
  /** Personal values learned from the target: up to MAX_LEARNED, replaced in one pass. */
  private readonly learned = new ReplacementIndex(MIN_LEARNED_LENGTH);
  private readonly ours = new Set<string>();

  constructor(secrets: Secret[]) {
    // Longest first, so a secret that contains another is replaced whole.
    this.secrets = secrets.filter((s) => s.value.length > 0).sort((a, b) => b.value.length - a.value.length);
  }

  /** Replace every secret, and every personal value learned from the target, inside a string. */
  text(input: string): string {
    let out = input;
    for (const secret of this.secrets) out = out.split(secret.value).join(secret.placeholder);
    return this.learned.replaceIn(out);
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
  learnFrom(json: unknown): void {
    forEachMember(json, (member, value) => {
      if (!LEARNED_MEMBERS.has(member)) return;
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text !== 'string' || text.length < MIN_LEARNED_LENGTH || this.ours.has(text) || this.learned.has(text)) return;
      if (this.learned.size >= MAX_LEARNED) return;
      this.learned.add(text, member === 'account_number' ? maskAllButLastFour(text) : `[masked ${member}]`);
    });
  }

  /** Mask personal data in a parsed JSON value, then replace secrets in every string. */
  json(value: unknown): unknown {
    return this.walk(value, undefined);
  }

  /** A body as text: parsed, masked and printed again when it is JSON; secrets replaced otherwise. */
  body(raw: string): string {
    if (raw.length === 0) return raw;
    try {
      return JSON.stringify(this.json(JSON.parse(raw)));
    } catch {
      return maskDigitRuns(this.text(raw));
    }
  }

  private walk(value: unknown, member: string | undefined): unknown {
    if (member !== undefined && WHOLE_OBJECT_MEMBERS.has(member) && value !== null) return '[masked]';
    if (Array.isArray(value)) return value.map((item) => this.walk(item, undefined));
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(value)) out[key] = this.walk(child, key);
      return out;
    }
    if (typeof value === 'string') {
      if (member !== undefined && MASKED_MEMBERS.has(member)) return maskAll(value);
      if (member !== undefined && LAST_FOUR_MEMBERS.has(member)) return maskAllButLastFour(value);
      return this.text(value);
    }
    if (typeof value === 'number' && member !== undefined && (MASKED_MEMBERS.has(member) || LAST_FOUR_MEMBERS.has(member))) {
      return maskAllButLastFour(String(value));
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

export function maskAll(value: string): string {
  return value.length === 0 ? value : `[masked ${value.length} chars]`;
}

export function maskAllButLastFour(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  return `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}

/** A body that is not JSON may still hold account numbers or SSNs: mask every run of 7+ digits. */
export function maskDigitRuns(text: string): string {
  return text.replace(/\d{7,}/g, (run) => maskAllButLastFour(run));
}
