/**
 * One valid create body, made from the seed, for checks that need a User Bank but are not about
 * the inputs (the properties in suites/user-banks.create.ts explore those). It is the first
 * body the create-body generator gives for that seed, so it has every format the generator keeps
 * (ABA checksum, a real routing prefix, 4 to 17 digits, the known types).
 */
import fc from 'fast-check';
import { createBody } from '../contract/arbitraries/create-body.js';

export function exampleCreateBody(userId: string, seed: number): Record<string, string> {
  return { ...(fc.sample(createBody(userId), { seed: seed | 0, numRuns: 1 })[0] as Record<string, string>) };
}
