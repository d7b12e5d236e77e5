/**
 * A 17-digit account number no other request of any run has used (time, a counter, randomness):
 * the checks that must find their own bank in a list, or prove it absent, look it up by this number.
 */
let counter = 0;

export function uniqueAccountNumber(): string {
  counter = (counter + 1) % 100;
  const random = Math.floor(Math.random() * 100);
  return `${Date.now()}${String(counter).padStart(2, '0')}${String(random).padStart(2, '0')}`.slice(-17);
}
