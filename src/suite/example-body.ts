/**
 * One valid create body, made from the seed, for checks that need a User Bank but are not about
 * the inputs (the property-based generators in src/arbitraries explore those).
 */
import { abaCheckDigit } from '../domain/routing-number.js';

export function exampleCreateBody(userId: string, seed: number): Record<string, string> {
  const digits = String(Math.abs(seed) % 100_000_000).padStart(8, '0');
  const routingEight = `0${digits.slice(0, 7)}`;
  return {
    user_id: userId,
    account_number: `00${digits}`,
    routing_number: routingEight + abaCheckDigit(routingEight),
    account_holder_type: 'individual',
    bank_account_type: 'checking',
  };
}
