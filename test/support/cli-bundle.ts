/**
 * The CLI as a one-file bundle (esbuild, dependencies left as imports; suites/ bundled in), built
 * once per `npm test` by test/support/global-setup.ts. Started through tsx, each of the matrix's
 * cold CLI runs spent about 3 of its 7 CPU-seconds in tsx's module hooks before checking anything;
 * from a bundle, plain node loads it. Same sources, same behaviour: the tsx path users take
 * (`npm run conformance`, the package's bin) is still run for real by test/matrix/pack.test.ts
 * and by the runs that ask for it (runCli's viaTsx).
 *
 * A bundle is only ever run while it matches the sources it was built from: beside it lies the
 * list of its inputs and a hash of their contents, and a bundle whose inputs changed since (or that
 * was never built in this checkout) is refused, so no measurement silently runs old code.
 */
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot as projectRoot } from '../../src/core/paths.js';

/**
 * Inside this checkout, so the bundle's src/core/paths.ts finds this checkout's package.json (a
 * worktree's node_modules may be a link to another checkout's); out of git, prettier and the package.
 */
export const bundleDir = join(projectRoot, '.test-bundle');
export const cliBundle = join(bundleDir, 'cli.mjs');
const inputsFile = join(bundleDir, 'inputs.json');

interface BundleInputs {
  inputs: string[];
  hash: string;
}

function hashOf(inputs: string[]): string {
  const hash = createHash('sha256');
  for (const input of inputs) {
    hash.update(input);
    hash.update(existsSync(join(projectRoot, input)) ? readFileSync(join(projectRoot, input)) : 'missing');
  }
  return hash.digest('hex');
}

export async function buildBundles(): Promise<void> {
  const result = await build({
    entryPoints: { cli: join(projectRoot, 'src', 'bin', 'cli.ts') },
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    metafile: true,
    absWorkingDir: projectRoot,
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  writeFileSync(inputsFile, JSON.stringify({ inputs, hash: hashOf(inputs) } satisfies BundleInputs));
}

/** Why the bundles cannot be run as the sources are now, or undefined when they match them. */
export function staleBundle(): string | undefined {
  if (!existsSync(cliBundle) || !existsSync(inputsFile)) return `no CLI bundle in ${bundleDir} (npm test builds it)`;
  const built = JSON.parse(readFileSync(inputsFile, 'utf8')) as BundleInputs;
  if (hashOf(built.inputs) !== built.hash) return `the CLI bundle in ${bundleDir} was built from other sources than the checkout's`;
  return undefined;
}

/** Builds the bundles unless they already match the sources (a measuring script's first step). */
export async function freshBundles(): Promise<void> {
  if (staleBundle() !== undefined) await buildBundles();
}
