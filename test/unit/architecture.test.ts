/**
 * The house rules of src/ (issue 26): no two folders import each other, directly or around a
 * circle, and no folder imports one on its own floor or above (src/core/floors.ts). Every relative
 * import counts, type-only ones and dynamic import() included; nested folders belong to their top folder.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';
import { FLOORS, floorOf } from '../../src/core/floors.js';

const srcDir = join(packageRoot, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Top folder of src/ a path is in ('' for a file at src/'s root). */
const topFolder = (path: string): string => {
  const parts = relative(srcDir, path).split('/');
  return parts.length > 1 ? (parts[0] as string) : '';
};

/** Every relative import of src/: the importing file and the file it names (as written, .js for .ts). */
function imports(): { file: string; target: string; written: string }[] {
  return sourceFiles(srcDir).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => ({
      file,
      target: normalize(join(dirname(file), (match[1] as string).replace(/\.js$/, '.ts'))),
      written: match[1] as string,
    })),
  );
}

/** File -> file edges inside src/ (a circle of files is one even inside a folder). */
function fileImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const { file, target, written } of imports()) {
    if (!target.startsWith(srcDir)) continue;
    const from = relative(packageRoot, file);
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)?.set(relative(packageRoot, target), `${from} imports ${written}`);
  }
  return edges;
}

/** Folder -> folder edges, each with one import that makes it (for the message). */
function folderImports(): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const { file, target, written } of imports()) {
    const from = topFolder(file);
    const to = topFolder(target);
    if (!target.startsWith(srcDir) || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)?.set(to, `${relative(packageRoot, file)} imports ${written}`);
  }
  return edges;
}

/** One cycle of the graph as a path (a -> b -> a), or undefined. */
function findCycle(edges: ReadonlyMap<string, ReadonlyMap<string, string>>): string[] | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    if (state.get(node) === 'done') return undefined;
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the folders of src/', () => {
  const edges = folderImports();

  test('no file stands at the root of src/: entry points are in src/bin, shared modules in src/core and src/config', () => {
    expect(readdirSync(srcDir).filter((name) => name.endsWith('.ts'))).toEqual([]);
  });

  test('every folder of src/ stands on a floor', () => {
    const folders = readdirSync(srcDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.filter((folder) => !FLOORS.some((floor) => floor.includes(folder)))).toEqual([]);
  });

  test('no cycle between folders', () => {
    const cycle = findCycle(edges);
    expect(
      cycle === undefined
        ? undefined
        : cycle.map((folder, i) => (i === 0 ? folder : `${edges.get(cycle[i - 1] as string)?.get(folder)} -> ${folder}`)).join('\n'),
    ).toBeUndefined();
  });

  test('no circle of files either, inside a folder or across', () => {
    const files = fileImports();
    const cycle = findCycle(files);
    expect(
      cycle === undefined
        ? undefined
        : cycle
            .slice(1)
            .map((to, i) => files.get(cycle[i] as string)?.get(to))
            .join('\n'),
    ).toBeUndefined();
  });

  test('no import reaches a folder on its own floor or above', () => {
    const upward: string[] = [];
    for (const [from, targets] of edges) {
      for (const [to, example] of targets)
        if (floorOf(to) >= floorOf(from)) upward.push(`${from} (floor ${floorOf(from)}) -> ${to} (floor ${floorOf(to)}): ${example}`);
    }
    expect(upward).toEqual([]);
  });

  test('the rules can fail: a cycle and an unknown folder are seen', () => {
    const graph = new Map([
      ['harness', new Map([['methods', 'x']])],
      ['methods', new Map([['results', 'y']])],
      ['results', new Map([['harness', 'z']])],
    ]);
    expect(findCycle(graph)).toEqual(['harness', 'methods', 'results', 'harness']);
    expect(findCycle(new Map([['harness', new Map([['methods', 'x']])]]))).toBeUndefined();
    expect(() => floorOf('somewhere-new')).toThrow(/no floor/);
    expect(floorOf('harness')).toBeGreaterThan(floorOf('results'));
  });
});

describe('the checks stand apart from the reference they may judge', () => {
  // The mutation judge runs the checks in the process where the mutated reference runs: a check
  // that reached src/lab/ would judge with mutated code. Nothing the suites load may import it.
  test('no file reachable from suites/index.ts imports src/lab/', () => {
    const referenceDir = join(srcDir, 'reference');
    const seen = new Set<string>();
    const queue = [join(packageRoot, 'suites', 'index.ts')];
    const reached: string[] = [];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      if (file.startsWith(referenceDir)) reached.push(relative(packageRoot, file));
      for (const match of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g))
        queue.push(normalize(join(dirname(file), (match[1] as string).replace(/\.js$/, '.ts'))));
    }
    expect(seen.size).toBeGreaterThan(50);
    expect(reached).toEqual([]);
  });
});
