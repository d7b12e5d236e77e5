/**
 * ISO 8601 date-times, as the spec types every timestamp ("string, ISO 8601 date-time"): a calendar
 * date and a time of day joined by T, in the extended (2026-11-26T07:28:00Z) or the basic
 * (20261126T072800Z) format, seconds and a decimal fraction (with . or ,) optional, and a UTC offset
 * (Z, ±hh, ±hhmm, ±hh:mm) optional: without one it is a local time, whose instant cannot be told.
 * RFC 3339's profile (extended format, seconds, an offset) is the Internet's convention, not the
 * spec's requirement.
 */

export interface Iso8601DateTime {
  /** The instant in ms since the epoch; for a local time, the wall clock read as if it were UTC. */
  ms: number;
  /** True when the value carries no UTC offset (a local time). */
  local: boolean;
  /** True when the value is in RFC 3339's profile of ISO 8601. */
  rfc3339: boolean;
}

const EXTENDED = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const BASIC = /^(\d{4})(\d{2})(\d{2})[Tt](\d{2})(\d{2})(?:(\d{2})(?:[.,](\d+))?)?(Z|z|[+-]\d{2}(?:\d{2})?)?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

const daysIn = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The parsed date-time, or undefined when the value is no ISO 8601 date-time. */
export function parseIso8601DateTime(value: string): Iso8601DateTime | undefined {
  const match = EXTENDED.exec(value) ?? BASIC.exec(value);
  if (match === null) return undefined;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const second = match[6] === undefined ? 0 : Number(match[6]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const fraction = match[7] === undefined ? 0 : Number(`0.${match[7]}`);
  const zone = match[8];
  let offsetMinutes = 0;
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const digits = zone.slice(1).replace(':', '');
    const hours = Number(digits.slice(0, 2));
    const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (hours > 23 || minutes > 59) return undefined;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
  }
  const wall = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59)) + Math.round(fraction * 1000);
  return { ms: wall - offsetMinutes * 60_000, local: zone === undefined, rfc3339: RFC3339.test(value) };
}

/**
 * Two readings of one instant: equal at the coarser one's precision; a local time and an offset one
 * within any zone's distance. Values that are not both strings are the same only when equal.
 */
export function sameInstant(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [x, y] = [parseIso8601DateTime(a), parseIso8601DateTime(b)];
  if (x === undefined || y === undefined) return false;
  // A local time and an offset one name the same instant only in some zone: at most 14 hours apart.
  if (x.local !== y.local) return Math.abs(x.ms - y.ms) <= 14 * 3_600_000;
  const coarse = !/\d{2}:?\d{2}:?\d{2}[.,]\d/.test(a) || !/\d{2}:?\d{2}:?\d{2}[.,]\d/.test(b);
  return coarse ? Math.floor(x.ms / 1000) === Math.floor(y.ms / 1000) : x.ms === y.ms;
}
