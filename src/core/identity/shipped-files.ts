/**
 * The files the package ships, as npm decides them from package.json `files` (the suite's identity
 * is a digest of exactly these: src/core/identity/suite-digest.ts). Computed from the same rules in
 * a clone and in an installed copy, so both name the same files when their contents agree.
 *
 * Only the kinds of entry this package's `files` uses are understood: a file, a folder ("src/"), and
 * either one negated ("!src/core/floors.ts"); the last entry that matches a path decides, as in npm.
 * A glob is refused with a sentence rather than read wrongly (test/unit/suite-digest.test.ts holds
 * the list to what `npm pack` ships).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Names npm never packs, wherever they are (npm-packlist's default ignores that can occur here). */
const NEVER_PACKED = new Set(['.git', 'node_modules', '.DS_Store', '.npmrc', 'npm-debug.log', 'package-lock.json']);
const neverPacked = (name: string): boolean =>
  NEVER_PACKED.has(name) || name.startsWith('._') || name.endsWith('.orig') || /^\..*\.swp$/.test(name);

/**
 * Files left out of the digest though they ship: package.json, whose version the identity states
 * on its own (and which an installer may rewrite), and the release record, which holds the digest.
 */
export const OUTSIDE_THE_DIGEST = new Set(['package.json', 'suite-digest.json']);

interface Entry {
  path: string;
  folder: boolean;
  negated: boolean;
}

function entryOf(pattern: string): Entry {
  const negated = pattern.startsWith('!');
  const path = pattern
    .slice(negated ? 1 : 0)
    .replace(/^\.\//, '')
    .replace(/\/+$/, '');
  if (/[*?[\]{}]/.test(path) || path === '' || path.startsWith('/'))
    throw new Error(`package.json "files" entry "${pattern}" is a pattern the suite digest cannot read; name a file or a folder`);
  return { path, folder: pattern.endsWith('/'), negated };
}

/** Whether an entry names this file: the file itself, or a folder above it. */
const names = (entry: Entry, file: string): boolean => file.startsWith(`${entry.path}/`) || (!entry.folder && file === entry.path);

function filesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (neverPacked(entry.name)) return [];
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return filesUnder(root, path);
    return entry.isFile() ? [path] : [];
  });
}

/** The files an entry of `files` may bring in: the file it names, or every file under the folder it names. */
function filesOf(root: string, path: string): string[] {
  let stat;
  try {
    stat = statSync(join(root, path));
  } catch {
    return []; // an entry naming nothing ships nothing, as in npm
  }
  if (stat.isDirectory()) return filesUnder(root, path);
  return stat.isFile() && !neverPacked(path.split('/').at(-1) as string) ? [path] : [];
}

/** The shipped files of the package at `root`, relative with '/' and sorted bytewise, those OUTSIDE_THE_DIGEST left out. */
export function shippedFiles(root: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files?: string[] };
  if (!Array.isArray(manifest.files)) throw new Error('package.json has no "files" list: the suite digest needs one');
  const entries = manifest.files.map(entryOf);
  const candidates = new Set(entries.filter((e) => !e.negated).flatMap((e) => filesOf(root, e.path)));
  const shipped = [...candidates].filter((file) => {
    let included = false;
    for (const entry of entries) if (names(entry, file)) included = !entry.negated;
    return included && !OUTSIDE_THE_DIGEST.has(file);
  });
  // Bytewise, as `LC_ALL=C sort` orders them: the same order on every machine and locale.
  return shipped.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
