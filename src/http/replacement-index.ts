/**
 * Finds any of many known values inside a string and replaces each with its own replacement, in
 * one pass over the string. A target with 50,000 customers teaches the redactor 50,000 values; one
 * `split/join` per value on every string printed made a large run spend its time redacting (a
 * 5,000-bank target: 83% of the CPU, and the requests waiting behind it timed out).
 *
 * Each position of the input costs one set lookup of a number made from its first `prefixLength`
 * characters (rolled from the previous position's, so no string is cut out per position); only
 * where some value's prefix makes the same number is each value length looked up (values of a target
 * share prefixes by the thousand, so a bucket per prefix scanned in a line would not do). At a
 * position the longest value wins, and the scan goes on after it.
 */

/** The base of the prefix numbers: small enough that a prefix of up to 8 UTF-16 units stays an exact integer (under 2^53). */
const BASE = 31;
export class ReplacementIndex {
  /** The number of the first `prefixLength` characters of every value: a position whose number is not here holds no value. */
  private readonly prefixes = new Set<number>();
  /** BASE to the power prefixLength - 1: what the character leaving the window weighed. */
  private readonly topWeight: number;
  /** Values by their length, longest first when scanning; few lengths, however many values. */
  private readonly byLength = new Map<number, Map<string, string>>();
  private lengthsLongestFirst: number[] = [];
  /** 1 for each UTF-16 unit that occurs in the first `prefixLength` characters of some value. */
  private readonly inPrefix = new Uint8Array(65_536);
  private count = 0;

  constructor(private readonly prefixLength: number) {
    if (prefixLength < 1 || prefixLength > 8) throw new Error('a prefix of 1 to 8 characters keeps its number exact');
    this.topWeight = BASE ** (prefixLength - 1);
  }

  /** The number of `width` characters of `text` from `at`. */
  private prefixNumber(text: string, at: number): number {
    let n = 0;
    for (let i = at; i < at + this.prefixLength; i += 1) n = n * BASE + text.charCodeAt(i);
    return n;
  }

  get size(): number {
    return this.count;
  }

  has(value: string): boolean {
    return this.byLength.get(value.length)?.has(value) ?? false;
  }

  /** Values shorter than the prefix length cannot be indexed and are refused (false), as are repeats. */
  add(value: string, replacement: string): boolean {
    if (value.length < this.prefixLength || this.has(value)) return false;
    let sameLength = this.byLength.get(value.length);
    if (!sameLength) {
      sameLength = new Map();
      this.byLength.set(value.length, sameLength);
      this.lengthsLongestFirst = [...this.byLength.keys()].sort((a, b) => b - a);
    }
    sameLength.set(value, replacement);
    this.prefixes.add(this.prefixNumber(value, 0));
    for (let i = 0; i < this.prefixLength; i += 1) this.inPrefix[value.charCodeAt(i)] = 1;
    this.count += 1;
    return true;
  }

  replaceIn(input: string): string {
    const width = this.prefixLength;
    if (this.count === 0 || input.length < width) return input;
    let out = '';
    let copiedUpTo = 0;
    for (let i = this.nextWindow(input, 0); i !== -1; i = this.nextWindow(input, i)) {
      let prefix = this.prefixNumber(input, i);
      for (;;) {
        const hit = this.prefixes.has(prefix) ? this.longestAt(input, i) : undefined;
        if (hit !== undefined) {
          out += input.slice(copiedUpTo, i) + hit.replacement;
          i += hit.length;
          copiedUpTo = i;
          break;
        }
        const entering = i + width;
        if (entering >= input.length || this.inPrefix[input.charCodeAt(entering)] === 0) {
          i += 1;
          break;
        }
        // Roll the window one character on: the first leaves, the next enters.
        prefix = (prefix - input.charCodeAt(i) * this.topWeight) * BASE + input.charCodeAt(entering);
        i += 1;
      }
    }
    return copiedUpTo === 0 ? input : out + input.slice(copiedUpTo);
  }

  /**
   * The first place from `from` whose next `prefixLength` characters all occur in some value's
   * prefix, or -1: no value starts anywhere else, so a timestamp among account numbers is passed
   * over without a lookup.
   */
  private nextWindow(input: string, from: number): number {
    let run = 0;
    for (let j = from; j < input.length; j += 1) {
      if (this.inPrefix[input.charCodeAt(j)] === 0) run = 0;
      else if (++run === this.prefixLength) return j + 1 - this.prefixLength;
    }
    return -1;
  }

  /** The longest value that starts at `i` (a value containing another is replaced whole). */
  private longestAt(input: string, i: number): { length: number; replacement: string } | undefined {
    for (const length of this.lengthsLongestFirst) {
      if (i + length > input.length) continue;
      const replacement = this.byLength.get(length)?.get(input.slice(i, i + length));
      if (replacement !== undefined) return { length, replacement };
    }
    return undefined;
  }
}
