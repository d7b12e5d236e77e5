/** The project's own tests (test/): units, and the real CLI against the reference over loopback. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // Each matrix test spawns a whole CLI run; two at a time keeps a 2-core machine responsive.
    maxConcurrency: 2,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
