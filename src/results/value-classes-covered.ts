/**
 * Which value classes of a valid create body (src/contract/arbitraries/value-classes.ts) the run's
 * accepted creates covered, whichever check sent them (the creation properties, the create
 * grammar's accepted bodies, the stateful sequences), and, with a --baseline, those the earlier
 * runs had covered: the seed changes every run, so the classes tried add up run over run.
 */
import { ALL_CLASSES, className, classOf } from '../contract/arbitraries/value-classes.js';
import { KNOWN_ACCOUNT_TYPES, KNOWN_HOLDER_TYPES } from '../core/domain/user-bank.js';

export interface ValueClassCoverage {
  /** The classes this run's accepted valid creates belong to. */
  tried: string[];
  /** The classes this run and the runs before it (its --baseline's covered) have tried. */
  covered: string[];
  /** How many classes there are. */
  of: number;
}

const DIGITS = /^[0-9]+$/;
const known = (list: readonly string[], value: unknown): boolean => typeof value === 'string' && list.includes(value);

/** The class of a create body that is valid in every way the suite generates (digits only, known types); else undefined. */
function classOfBody(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const { account_number: account, routing_number: routing } = b;
  if (typeof account !== 'string' || typeof routing !== 'string' || !DIGITS.test(account) || !DIGITS.test(routing)) return undefined;
  if (account.length < 4 || account.length > 17 || routing.length !== 9) return undefined;
  if (!known(KNOWN_HOLDER_TYPES, b.account_holder_type) || !known(KNOWN_ACCOUNT_TYPES, b.bank_account_type)) return undefined;
  return className(classOf({ account_number: account, routing_number: routing }));
}

const ORDER = ALL_CLASSES.map(className);
const ordered = (names: Iterable<string>): string[] => [...new Set(names)].sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));

/** The classes of the valid create bodies among `bodies` (the run's accepted creates, as sent). */
export const valueClassesOf = (bodies: readonly string[]): string[] => ordered(bodies.flatMap((text) => classOfBody(text) ?? []));

export function valueClassCoverage(tried: readonly string[], earlier: readonly string[] = []): ValueClassCoverage | undefined {
  if (tried.length === 0 && earlier.length === 0) return undefined;
  return { tried: ordered(tried), covered: ordered([...tried, ...earlier.filter((n) => ORDER.includes(n))]), of: ORDER.length };
}
