/**
 * Every check of the registry is proven able to fail: a MUST check is the aimed check of at least
 * one fault of the catalog (which test/matrix/faults.test.ts runs and sees it fail), a SHOULD check
 * of at least one fault that makes it warn. A check added without such a fault fails here, as does
 * a fault aimed at no registered check. A blind spot of the catalog (src/lab/faults/blind-spots.ts)
 * is aimed at no check and says why no client can see it. docs/checks.md is the same list, kept current.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { checks } from '../../src/contract/checks/registry.js';
import { packageRoot } from '../../src/core/paths.js';
import { blindSpots, faults } from '../../src/lab/faults/index.js';
import { proofsByCheck } from '../../src/lab/faults/proofs.js';
import { checksDocMarkdown, checksDocPath } from '../../scripts/checks-doc.js';
import { hasRequirement } from '../../src/core/requirements.js';
import { variations } from '../../src/lab/variations.js';

describe('every check can fail', () => {
  for (const proof of proofsByCheck()) {
    test(`${proof.check.id} is proven by a fault (${proof.expected})`, () => {
      expect(
        proof.faults.map((f) => f.name),
        `${proof.check.id} is no fault's aimed check: add to src/lab/faults/ a realistic defect that makes it ${proof.expected} (caughtBy: '${proof.check.id}'), or remove the check`,
      ).not.toEqual([]);
    });
  }

  test('every fault is aimed at a registered check and breaks a known requirement', () => {
    const ids = new Set<string>(checks.map((c) => c.id));
    expect(faults.filter((f) => !ids.has(f.caughtBy)).map((f) => `${f.name} -> ${f.caughtBy}`)).toEqual([]);
    expect(faults.filter((f) => !hasRequirement(f.breaks)).map((f) => `${f.name} breaks ${f.breaks}`)).toEqual([]);
    expect(new Set(faults.map((f) => f.name)).size).toBe(faults.length);
  });

  test('every blind spot is aimed at no check, breaks a known requirement and cites the spec for why no client sees it', () => {
    expect(blindSpots.length).toBeGreaterThan(0);
    const caught = new Set<string>(faults.map((f) => f.name));
    for (const spot of blindSpots) {
      expect('caughtBy' in spot, `${spot.name} is a blind spot: aimed at no check`).toBe(false);
      expect(caught.has(spot.name), `${spot.name} is both caught and a blind spot`).toBe(false);
      expect(hasRequirement(spot.breaks), `${spot.name} breaks ${spot.breaks}`).toBe(true);
      expect(spot.blindSpot, `${spot.name}: why no black-box client can see it, with the spec's words`).toMatch(/^\d(\.\d)?: "/);
      if (spot.variation !== undefined) expect(Object.keys(variations), spot.name).toContain(spot.variation);
    }
    expect(new Set(blindSpots.map((f) => f.name)).size).toBe(blindSpots.length);
  });

  test('`npm run serve -- --list-faults` shows, per check, the faults that prove it', () => {
    const run = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), join(packageRoot, 'src', 'lab', 'serve.ts'), '--list-faults'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    for (const proof of proofsByCheck()) {
      expect(run.stdout).toContain(`${proof.check.id}  (${proof.expected} on ${proof.faults.map((f) => f.name).join(', ')})`);
      for (const fault of proof.faults) expect(run.stdout).toContain(`    ${fault.name}: ${fault.description} [breaks ${fault.breaks}]`);
    }
    for (const spot of blindSpots) expect(run.stdout).toContain(`    ${spot.name}`);
  });

  test('docs/checks.md is the reference generated from the registry, the requirements and the catalog', () => {
    expect(readFileSync(checksDocPath, 'utf8') === checksDocMarkdown(), 'docs/checks.md is stale: run `npm run build:docs`').toBe(true);
  });
});
