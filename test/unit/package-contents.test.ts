/**
 * The published package holds the product and the part of the lab `serve` runs, and nothing only
 * the project's own tests, scripts or generators use (issue 40): every TypeScript module it ships is
 * reached from what an installed package starts (its bin, and the suites the check engine loads),
 * following every relative import, type-only and dynamic ones included. A module that only tests
 * reach (the staging simulator, the in-process runs of the test matrices) stays out of `files`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';

const ENTRY_POINTS = ['bin/banklink-conformance.mjs', 'suites/index.ts'];

/** Relative imports a module names, as paths of the files they load (.js written for .ts). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(packageRoot, file), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => {
    const written = normalize(join(dirname(file), match[1] as string));
    const asTs = written.replace(/\.js$/, '.ts');
    return existsSync(join(packageRoot, asTs)) ? asTs : written;
  });
}

function reachedFrom(entries: string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (reached.has(file)) continue;
    reached.add(file);
    pending.push(...importsOf(file).filter((target) => /\.(ts|mjs|js)$/.test(target)));
  }
  return reached;
}

/** The files `npm pack` would put in the tarball, without writing it. */
function packedFiles(): string[] {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: packageRoot,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  return (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
}

describe('the package ships the product, not the project’s test code', () => {
  const packed = packedFiles();
  const reached = reachedFrom(ENTRY_POINTS);

  test('every module it ships is reached from the bin or the suites', () => {
    const modules = packed.filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'));
    expect(modules.length).toBeGreaterThan(100);
    const unreached = modules.filter((path) => !reached.has(path)).map((path) => relative('.', path));
    expect(unreached, 'shipped but reached by no entry point: exclude it in package.json "files"').toEqual([]);
  });

  test('every module the bin or the suites reach is shipped', () => {
    const missing = [...reached].filter((path) => !packed.includes(path));
    expect(missing, 'reached by an entry point but not in the tarball').toEqual([]);
  });
});
