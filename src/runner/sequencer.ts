/**
 * Runs the suite files in a fixed order (writes early, the run-wide HTTP checks last) and, when
 * sharding, splits every file but the run-wide one, which each shard keeps so it inspects that
 * shard's own exchanges.
 */
import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const SUITE_ORDER = [
  'users.test.ts',
  'rfp-registrations.test.ts',
  'user-banks.list.test.ts',
  'pagination.test.ts',
  'user-banks.create.test.ts',
  'auth.test.ts',
  'isolation.test.ts',
  'http.test.ts',
];

const RUN_WIDE = 'http.test.ts';
const rank = (spec: TestSpecification): number => {
  const index = SUITE_ORDER.indexOf(basename(spec.moduleId));
  return index === -1 ? SUITE_ORDER.length - 1 : index; // unknown files run before the run-wide checks
};

export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }

  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const shard = this.ctx.config.shard;
    if (!shard) return files;
    const runWide = files.filter((f) => basename(f.moduleId) === RUN_WIDE);
    const rest = files.filter((f) => basename(f.moduleId) !== RUN_WIDE).sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    const mine = rest.filter((_, i) => i % shard.count === shard.index - 1);
    return [...mine, ...runWide];
  }
}
