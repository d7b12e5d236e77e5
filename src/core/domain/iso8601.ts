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

/**
 * Whether the value has the shape of RFC 3339's profile (extended format, seconds, an offset), without
 * reading its date: a judge that only asks "RFC 3339 or not" skips the full parse for the common case.
 */
export const hasRfc3339Shape = (value: string): boolean => RFC3339.test(value);

/** Days of a month of the proleptic Gregorian calendar, by arithmetic: the schema's format runs this on every timestamp of every answer. */
const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (year: number, month: number): number =>
  month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : (DAYS[month - 1] as number);

const digitAt = (value: string, i: number): number => {
  const code = value.charCodeAt(i) - 48;
  return code >= 0 && code <= 9 ? code : Number.NaN;
};
const twoDigits = (value: string, i: number): number => digitAt(value, i) * 10 + digitAt(value, i + 1);

/**
 * The fields of the common UTC form (2026-11-26T07:28:00Z, with a fraction or not) read digit by
 * digit, or undefined for any other form (NaN marks a character that is no digit).
 */
function utcFields(value: string): [number, number, number, number, number, number] | undefined {
  const n = value.length;
  if (n < 20 || value[4] !== '-' || value[7] !== '-' || (value[10] !== 'T' && value[10] !== 't') || value[13] !== ':' || value[16] !== ':')
    return undefined;
  const zone = value[n - 1];
  if (zone !== 'Z' && zone !== 'z') return undefined;
  if (n > 20) {
    if ((value[19] !== '.' && value[19] !== ',') || n < 22) return undefined;
    for (let i = 20; i < n - 1; i += 1) if (Number.isNaN(digitAt(value, i))) return undefined;
  }
  const fields: [number, number, number, number, number, number] = [
    twoDigits(value, 0) * 100 + twoDigits(value, 2),
    twoDigits(value, 5),
    twoDigits(value, 8),
    twoDigits(value, 11),
    twoDigits(value, 14),
    twoDigits(value, 17),
  ];
  return fields.some(Number.isNaN) ? undefined : fields;
}

/**
 * Whether the value is an ISO 8601 date-time, as parseIso8601DateTime judges it: the schemas' format
 * asks this of every timestamp of every answer, so the common UTC form is read without the regular
 * expressions and the Date arithmetic, any other form through the full parse.
 */
export function isIso8601DateTime(value: string): boolean {
  const utc = utcFields(value);
  if (utc === undefined) return parseIso8601DateTime(value) !== undefined;
  const [year, month, day, hour, minute, second] = utc;
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month) && hour <= 23 && minute <= 59 && second <= 60;
}

/** The parsed date-time, or undefined when the value is no ISO 8601 date-time. */
export function parseIso8601DateTime(value: string): Iso8601DateTime | undefined {
  const match = EXTENDED.exec(value) ?? BASIC.exec(value);
  if (match === null) return undefined;
  const [year, month, day, hour, minute] = [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4]), Number(match[5])];
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
