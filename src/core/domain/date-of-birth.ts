/**
 * User.date_of_birth (2.2): "date (number, day of month), month (number, month of year), year
 * (number)". A day of month is 1 to 31 and a month of year 1 to 12, together a day the calendar
 * has: a 0-based month (JavaScript's getMonth) or a day that does not exist is not a date of birth.
 */
export function dateOfBirthProblem(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined; // the schema check's finding
  const { date, month, year } = value as Record<string, unknown>;
  if (typeof date !== 'number' || typeof month !== 'number' || typeof year !== 'number') return undefined;
  if (![date, month, year].every(Number.isInteger)) return `date_of_birth holds a fraction (${date}/${month}/${year})`;
  if (month < 1 || month > 12) return `month ${month} is not a month of year (1 to 12)`;
  if (date < 1 || date > 31) return `date ${date} is not a day of month (1 to 31)`;
  const real = new Date(Date.UTC(year, month - 1, date));
  if (real.getUTCMonth() !== month - 1 || real.getUTCDate() !== date) return `${year}-${month}-${date} is not a day of the calendar`;
  return undefined;
}
