/**
 * Keeps secrets and personal data out of every output: tokens are replaced by the name of the
 * environment variable that holds them (so a curl line still replays), and personal data read from
 * the target is masked by member name wherever it appears in a JSON body.
 */
export interface Secret {
  value: string;
  /** What the secret is printed as, e.g. `$CONFORMANCE_TOKEN`. */
  placeholder: string;
}

/** Members whose values are personal data (spec 2.1, 2.2) and never printed whole. */
const MASKED_MEMBERS = new Set(['ssn', 'email', 'phone', 'first_name', 'last_name', 'line1', 'line2']);
const LAST_FOUR_MEMBERS = new Set(['account_number']);
const WHOLE_OBJECT_MEMBERS = new Set(['date_of_birth']);

export class Redactor {
  private readonly secrets: Secret[];

  constructor(secrets: Secret[]) {
    // Longest first, so a token that contains another is replaced whole.
    this.secrets = secrets.filter((s) => s.value.length > 0).sort((a, b) => b.value.length - a.value.length);
  }

  /** Replace every secret inside a string. */
  text(input: string): string {
    let out = input;
    for (const secret of this.secrets) out = out.split(secret.value).join(secret.placeholder);
    return out;
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
