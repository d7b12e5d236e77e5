/** The holder and account types the spec names (2.1 "Known value"); the only ones a valid body uses. */
import fc from 'fast-check';
import { KNOWN_ACCOUNT_TYPES, KNOWN_HOLDER_TYPES } from '../../core/domain/user-bank.js';

export const holderType = (): fc.Arbitrary<string> => fc.constantFrom(...KNOWN_HOLDER_TYPES);
export const accountType = (): fc.Arbitrary<string> => fc.constantFrom(...KNOWN_ACCOUNT_TYPES);

/** A value no service would name a type: lower-case letters with a suffix no real enum has. */
export const unknownTypeValue = (): fc.Arbitrary<string> =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 3, maxLength: 10 }).map((s) => `${s}_not_a_type`);
