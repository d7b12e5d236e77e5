import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { LONGEST, startOrder } from '../support/longest-first.js';
import { projectRoot } from '../support/run-cli.js';

describe('the order npm test starts its files in', () => {
  test('the declared long files first, in their order, then the other whole-run files, the unit tests last', () => {
    const root = '/p/test';
    const order = startOrder([
      `${root}/unit/a.test.ts`,
      `${root}/matrix/zz.test.ts`,
      `${root}/matrix/variations.test.ts`,
      `${root}/matrix/faults.test.ts`,
    ]);
    expect(order).toEqual([
      `${root}/matrix/faults.test.ts`,
      `${root}/matrix/variations.test.ts`,
      `${root}/matrix/zz.test.ts`,
      `${root}/unit/a.test.ts`,
    ]);
  });

  test('every file it names exists (a renamed file would silently lose its place)', () => {
    const dirs = ['test/matrix', 'test/unit', 'test/browser'].map((d) => join(projectRoot, d));
    for (const name of LONGEST)
      expect(
        dirs.some((d) => existsSync(join(d, name))),
        name,
      ).toBe(true);
  });
});
