/**
 * The reference's spec-open choices (src/lab/choices/): each rests on a statement of the spec's
 * silence, each of its alternatives is taken by a variation the matrix runs (test/matrix/variations.test.ts
 * runs every preset, test/matrix/staging-envelope.test.ts every corner, and each must be conformant), and
 * npm run mutation mutates none of their code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { choices } from '../../src/lab/choices/index.js';
import { envelopeCorners } from '../../src/lab/staging-envelope.js';
import { baseline, resolveVariation, variations, type Variation } from '../../src/lab/variations.js';
import { projectRoot } from '../support/run-cli.js';

/** A preset or a corner, as the matrix starts it. */
function variationNamed(name: string): Variation | undefined {
  if (name in variations) return resolveVariation(name);
  const corner = (envelopeCorners as Record<string, Partial<Variation>>)[name];
  return corner === undefined ? undefined : resolveVariation(corner);
}

test.each(choices.map((c) => [c.name, c] as const))(
  'choice %s: cited silence, every alternative taken by a matrix variation',
  (_, choice) => {
    expect(choice.silence).toMatch(/^\d(\.\d)?: /);
    expect(choice.silence).toContain('"');
    expect(choice.alternatives.length).toBeGreaterThanOrEqual(2);
    for (const field of choice.fields) expect(Object.keys(baseline)).toContain(field);
    for (const alternative of choice.alternatives) {
      expect(alternative.variations.length, alternative.does).toBeGreaterThan(0);
      for (const name of alternative.variations) {
        const variation = variationNamed(name);
        expect(variation, `${choice.name}: ${name} is no variation the matrix runs`).toBeDefined();
        expect(alternative.holds(variation as Variation), `${choice.name}: ${name} does not take "${alternative.does}"`).toBe(true);
        // Alternatives exclude each other: a variation takes one of them.
        const taken = choice.alternatives.filter((a) => a.holds(variation as Variation));
        expect(
          taken.map((a) => a.does),
          `${choice.name}: ${name}`,
        ).toEqual([alternative.does]);
      }
    }
    for (const file of choice.code) expect(existsSync(join(projectRoot, file)), file).toBe(true);
  },
);

test('every preset and corner takes exactly one alternative of each choice', () => {
  for (const name of [...Object.keys(variations), ...Object.keys(envelopeCorners)]) {
    const variation = variationNamed(name) as Variation;
    for (const choice of choices) expect(choice.alternatives.filter((a) => a.holds(variation)).length, `${name}: ${choice.name}`).toBe(1);
  }
});

test('npm run mutation mutates the request path, never a choice unit', () => {
  const config = JSON.parse(readFileSync(join(projectRoot, 'stryker.config.json'), 'utf8')) as { mutate: string[] };
  const code = new Set(choices.flatMap((c) => c.code));
  expect(code.size).toBeGreaterThan(0);
  for (const pattern of config.mutate) {
    expect(pattern.startsWith('src/lab/choices'), pattern).toBe(false);
    expect(code.has(pattern), pattern).toBe(false);
  }
  expect(config.mutate).toContain('src/lab/handlers/*.ts');
});
