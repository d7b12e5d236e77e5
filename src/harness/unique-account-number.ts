/**
 * A 17-digit account number no other request of any run has used (time, a counter, randomness):
 * the checks that must find their own bank in a list, or prove it absent, look it up by this number.
 * Its first 13 digits are the millisecond it was made, so the run can tell a number it made from any
 * other (src/harness/invariants/no-phantom-writes.ts), in both of its spellings.
 */
let counter = 0;

/**
 * With `leadingZero`, the time's first digit (1 until the year 2286) is written 0: a value a store
 * might normalise, which the stateful sequences send to see it returned as given.
 */
export function uniqueAccountNumber(options: { leadingZero?: boolean } = {}): string {
  counter = (counter + 1) % 100;
  const random = Math.floor(Math.random() * 100);
  const made = `${Date.now()}${String(counter).padStart(2, '0')}${String(random).padStart(2, '0')}`.slice(-17);
  return options.leadingZero === true ? `0${made.slice(1)}` : made;
}

/** The millisecond a number of uniqueAccountNumber() was made, in either spelling; undefined when it cannot be one. */
export function madeAt(accountNumber: string): number | undefined {
  if (!/^\d{17}$/.test(accountNumber)) return undefined;
  return Number(accountNumber.startsWith('0') ? `1${accountNumber.slice(1, 13)}` : accountNumber.slice(0, 13));
}
