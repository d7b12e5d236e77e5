/**
 * The suite's identity (issue 56 item 5): the digest of the files it ships is the list `npm pack`
 * ships, hashed by content only (the same in any directory, at any mtime, twice in a row), and
 * changes when a shipped file changes, and only then; a release record tells released, modified and
 * unreleased apart. Every change is made to a temp copy, never to the real tree.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';
import { RELEASE_RECORD, writeReleaseRecord } from '../../src/core/identity/release-record.js';
import { shippedFiles } from '../../src/core/identity/shipped-files.js';
import { suiteDigest } from '../../src/core/identity/suite-digest.js';
import { suiteIdentityOf, releaseText } from '../../src/core/identity/suite-identity.js';
import { specIdentity } from '../../src/core/identity/spec-identity.js';
import { packageCopy } from '../support/released-copy.js';

const copies: string[] = [];
const copy = (released: boolean): string => {
  const dir = packageCopy({ released });
  copies.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('the suite digest', () => {
  test('covers exactly what `npm pack` ships, package.json and the release record aside', () => {
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: packageRoot,
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false' },
    });
    const packed = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    const expected = packed.filter((path) => path !== 'package.json' && path !== RELEASE_RECORD).sort();
    expect(shippedFiles(packageRoot)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(200);
  });

  test('is stable: the same twice, the same in a copy elsewhere, whatever the files’ times', () => {
    const here = suiteDigest(packageRoot);
    expect(suiteDigest(packageRoot)).toEqual(here);
    expect(here.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    const elsewhere = copy(false);
    utimesSync(join(elsewhere, 'src', 'bin', 'cli.ts'), new Date(0), new Date(0));
    expect(suiteDigest(elsewhere)).toEqual(here);
  });

  test('changes when a shipped file changes, and not when a file that does not ship appears', () => {
    const dir = copy(false);
    const before = suiteDigest(dir).digest;
    writeFileSync(join(dir, 'notes.txt'), 'not shipped\n');
    writeFileSync(join(dir, 'src', 'core', 'floors.ts'), '// excluded by "files"\n');
    expect(suiteDigest(dir).digest).toBe(before);
    appendFileSync(join(dir, 'suites', 'http.ts'), '\n// one more line\n');
    expect(suiteDigest(dir).digest).not.toBe(before);
  });

  test('is what sha256sum gives over the shipped files, so anyone can recompute it without this code', () => {
    if (spawnSync('sha256sum', ['--version']).status !== 0) return; // a machine without coreutils
    const files = shippedFiles(packageRoot);
    const listing = execFileSync('sha256sum', files, { cwd: packageRoot, maxBuffer: 16 << 20 });
    const digest = execFileSync('sha256sum', [], { input: listing, encoding: 'utf8' }).split(' ')[0];
    expect(`sha256:${digest}`).toBe(suiteDigest(packageRoot).digest);
  });
});

describe('the release record (suite-digest.json)', () => {
  test('absent: an unreleased build, said so', () => {
    const suite = suiteIdentityOf(copy(false));
    expect(suite.release).toEqual({ status: 'unreleased' });
    expect(releaseText(suite.release)).toContain('unreleased build');
  });

  test('recorded at release: released while the files are those; modified once one changes', () => {
    const dir = copy(true);
    const released = suiteIdentityOf(dir);
    expect(released.release).toEqual({ status: 'released', version: released.version, digest: released.digest });
    appendFileSync(join(dir, 'src', 'results', 'verdict.ts'), '\n// changed after release\n');
    const changed = suiteIdentityOf(dir);
    expect(changed.digest).not.toBe(released.digest);
    expect(changed.release).toEqual({ status: 'modified', version: released.version, digest: released.digest });
    expect(releaseText(changed.release)).toContain(`MODIFIED since release ${released.version}`);
  });

  test('a record of another version does not make a copy released', () => {
    const dir = copy(false);
    const suite = suiteIdentityOf(dir);
    writeReleaseRecord(dir, suite.name, '9.9.9', suite);
    expect(suiteIdentityOf(dir).release.status).toBe('modified');
  });
});

describe('the spec identity', () => {
  test('names the spec by its title and the hash results.json has always called specHash', () => {
    const spec = specIdentity();
    expect(spec.title).toBe('Bank-linking and user service: interface specification');
    expect(spec.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
