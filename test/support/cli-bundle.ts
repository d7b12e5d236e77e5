/**
 * The CLI and the warm runner as one-file bundles (esbuild, dependencies left as imports), built
 * once per `npm test` by test/support/global-setup.ts. Started through tsx, each of the matrix's
 * cold CLI runs spent about 3 of its 7 CPU-seconds in tsx's module hooks before checking anything;
 * from a bundle, plain node loads it. Same sources, same behaviour: the tsx path users take
 * (`npm run conformance`, the package's bin) is still run for real by test/matrix/pack.test.ts
 * and by the runs that ask for it (runCli's viaTsx).
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import { packageRoot as projectRoot } from '../../src/core/paths.js';

/**
 * Inside this checkout, so the bundle's src/core/paths.ts finds this checkout's package.json (a
 * worktree's node_modules may be a link to another checkout's); out of git, prettier and the package.
 */
export const bundleDir = join(projectRoot, '.test-bundle');
export const cliBundle = join(bundleDir, 'cli.mjs');
export const warmRunnerBundle = join(bundleDir, 'warm-runner.mjs');

export async function buildBundles(): Promise<void> {
  await build({
    entryPoints: { cli: join(projectRoot, 'src', 'bin', 'cli.ts'), 'warm-runner': join(projectRoot, 'test', 'support', 'warm-runner.ts') },
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}
