/**
 * US ABA routing numbers: 9 digits whose 3-7-1 weighted sum is a multiple of 10. Shared by the
 * reference implementation (validation) and the generators (valid and invalid inputs).
 */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

export function abaChecksumOk(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(routing[i]) * (WEIGHTS[i] as number);
  return sum % 10 === 0;
}

/** The check digit that completes 8 digits into a valid routing number. */
export function abaCheckDigit(firstEight: string): string {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(firstEight[i]) * (WEIGHTS[i] as number);
  return String((10 - (sum % 10)) % 10);
}
