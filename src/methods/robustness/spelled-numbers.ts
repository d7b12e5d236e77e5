/**
 * Valid-looking creates whose account and routing numbers are spelt as a stack may alter them: with
 * surrounding space, fullwidth digits, leading zeros and more digits than a 64-bit integer
 * or a double holds. The spec states no format for either (2.2: "Length and format constraints of
 * every field other than the timestamps: not shown"), so a server may refuse any of them; one it
 * accepts is "returned as given" (4.1), which the answer audit holds every create and every later view
 * to (src/harness/answer-audit.ts). One create per class, the other number plain, so a server that
 * refuses one spelling still shows what it does with the others: a binder that trims, a validator
 * that normalises Unicode, a column that keeps numbers as integers.
 */
import type { UnusualRequest } from './unusual-request.js';

interface Spelling {
  name: string;
  numbers: (n: string) => { account_number: string; routing_number: string };
}

/** The same digits in fullwidth form (U+FF10-U+FF19), which NFKC normalisation and many number parsers turn into ASCII digits. */
const fullwidth = (digits: string): string => digits.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)));

const SPELLINGS: Spelling[] = [
  { name: 'an account number with surrounding space', numbers: (n) => ({ account_number: ` 0008${n} `, routing_number: '021000021' }) },
  {
    name: 'a routing number in fullwidth digits',
    numbers: (n) => ({ account_number: `0008${n}`, routing_number: fullwidth('021000021') }),
  },
  {
    name: 'a 20-digit account number led by zeros',
    numbers: (n) => ({ account_number: `00000000${n}1234`, routing_number: '021000021' }),
  },
];

export function spelledNumberCreates(userId: string, seed: number): UnusualRequest[] {
  // The seed keeps each run's account numbers its own, so a refused one found stored is told apart.
  const base = Math.abs(seed) % 10_000_000;
  return SPELLINGS.map((spelling, i) => ({
    kind: `POST /user_banks with a valid object: ${spelling.name}`,
    method: 'POST',
    path: '/user_banks',
    headers: { 'content-type': 'application/json' },
    rawBody: JSON.stringify({
      user_id: userId,
      ...spelling.numbers(
        String(base * 10 + i)
          .padStart(8, '0')
          .slice(-8),
      ),
      account_holder_type: 'individual',
      bank_account_type: 'checking',
    }),
  }));
}
