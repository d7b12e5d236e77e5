/** The project's own tests (test/): units, and the real CLI against the reference over loopback. */
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/longest-first.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the one-file CLI the matrix starts (test/support/cli-bundle.ts says why).
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // Most matrix files wait on their runs (a gateway's pace, a settle window, a signal) more than
    // they compute: on 2 cores, four files and three runs a file at once keep both cores busy (npm
    // test 11 min 43 s with 2 and 2, 9 min 1 s with 4 and 3, same machine, same tree).
    maxConcurrency: 3,
    fileParallelism: true,
    maxWorkers: 4,
    // The longest files start first (test/support/longest-first.ts says why).
    sequence: { sequencer: LongestFirst },
  },
});
