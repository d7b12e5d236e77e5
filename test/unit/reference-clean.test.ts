/**
 * The reference is a conformant server, and only that (issue 26): its faults live in the catalog
 * (src/lab/faults/) as modifiers at the hook points of src/lab/hooks.ts. The request path
 * (router, auth, handlers, store, serialiser, pager) names no fault and carries no fault code; every
 * catalogued fault bends at least one point, so none silently does nothing.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { packageRoot } from '../../src/core/paths.js';
import { faults } from '../../src/lab/faults/index.js';
import { Hooks } from '../../src/lab/hooks.js';

const referenceDir = join(packageRoot, 'src', 'lab');
const handlersDir = join(referenceDir, 'handlers');
const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesOf(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

/** Where a text names a fault or switches a mutant off: what a handler file must never hold. */
function faultTraces(text: string, faultNames: readonly string[]): string[] {
  const traces = [...text.matchAll(/[^\n]*\b(?:fault|Stryker)[^\n]*/gi)].map((m) => m[0].trim());
  for (const name of faultNames) if (new RegExp(`['"\`]${name}['"\`]`).test(text)) traces.push(`names the fault ${name}`);
  return traces;
}

const names = faults.map((f) => f.name);

test('the trace finder sees a fault switch, a Stryker comment and a fault named in a string', () => {
  expect(faultTraces("if (state.fault('x')) return;", [])).toHaveLength(1);
  expect(faultTraces('// Stryker disable next-line all: why', [])).toHaveLength(1);
  expect(faultTraces(`const on = '${names[0]}';`, names)).toEqual([`names the fault ${names[0]}`]);
  expect(faultTraces('const limit = 100; // 100 when absent', names)).toEqual([]);
});

test('the handler files contain the word "fault" nowhere, and no Stryker comment', () => {
  const dirty = [...filesOf(handlersDir), join(referenceDir, 'auth.ts')].flatMap((file) =>
    faultTraces(readFileSync(file, 'utf8'), names).map((trace) => `${relative(packageRoot, file)}: ${trace}`),
  );
  expect(dirty).toEqual([]);
});

test('no file of the reference outside the catalog names a fault', () => {
  const named = filesOf(referenceDir)
    .filter((file) => !file.includes(`${join('lab', 'faults')}/`))
    .flatMap((file) =>
      names
        .filter((name) => new RegExp(`['"\`]${name}['"\`]`).test(readFileSync(file, 'utf8')))
        .map((name) => `${relative(packageRoot, file)}: ${name}`),
    );
  expect(named).toEqual([]);
});

test('every catalogued fault bends at least one hook point', () => {
  expect(faults.filter((f) => Object.keys(f.bends).length === 0).map((f) => f.name)).toEqual([]);
});

test('with no fault on, a hook point hands back what it got', () => {
  const value = { status: 200, body: { data: [], next_cursor: null }, headers: {} };
  expect(new Hooks([]).bend('list.answer', value, {} as never)).toBe(value);
  expect(new Hooks([{ 'list.answer': (a) => ({ ...a, status: 202 }) }]).bend('list.answer', value, {} as never).status).toBe(202);
});
