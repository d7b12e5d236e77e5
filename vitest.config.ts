/** The project's own tests (test/): units, and the real CLI against the reference over loopback. */
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/support/longest-first.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the one-file CLI the matrix starts (test/support/cli-bundle.ts says why).
    globalSetup: ['test/support/global-setup.ts'],
    pool: 'forks',
    // Each worker keeps the modules it loaded from one file to the next instead of a fresh module
    // graph per file: no test changes the environment, the working directory or a module's state
    // that another file reads (the check engine's per-run state is keyed by each run's own client),
    // and loading src/ again for each of some 75 files was about a fifth of the suite's CPU.
    isolate: false,
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
