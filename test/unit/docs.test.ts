/**
 * The documentation a newcomer reads first stays short and true: README for users (at most 250
 * lines, the two commands, a link to every document), every relative link of README, CONTRIBUTING
 * and docs/ pointing at a file (and heading) that exists, every CLI option documented.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OPTIONS } from '../../src/config/config.js';
import { packageRoot } from '../../src/core/paths.js';

const docsDir = join(packageRoot, 'docs');
const documents = [
  join(packageRoot, 'README.md'),
  join(packageRoot, 'CONTRIBUTING.md'),
  ...readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(docsDir, f)),
];
const read = (path: string): string => readFileSync(path, 'utf8');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (markdown: string): Set<string> => new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] as string)));

/** Markdown links outside code blocks: [text](target). */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);
}

describe('documentation', () => {
  const readme = read(join(packageRoot, 'README.md'));

  test('README is for users: at most 250 lines, with the two commands', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    expect(readme).toContain('npm ci && npm run conformance');
    expect(readme).toMatch(/^npm test\b/m);
  });

  test('README links every document of docs/ and CONTRIBUTING.md', () => {
    const linked = new Set(linksOf(readme));
    const expected = [
      'CONTRIBUTING.md',
      ...readdirSync(docsDir)
        .filter((f) => f.endsWith('.md'))
        .map((f) => `docs/${f}`),
    ];
    expect(expected.filter((path) => !linked.has(path))).toEqual([]);
  });

  test('every relative link points at a file that exists, and at a heading of it when it names one', () => {
    const broken: string[] = [];
    for (const document of documents) {
      for (const link of linksOf(read(document))) {
        if (/^[a-z]+:/.test(link)) continue; // https:, mailto:
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? document : resolve(dirname(document), path);
        if (!existsSync(target)) broken.push(`${document}: ${link} (no such file)`);
        else if (anchor !== undefined && target.endsWith('.md') && !anchorsOf(read(target)).has(anchor))
          broken.push(`${document}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('every option of the CLI is documented in docs/configuration.md', () => {
    const configuration = read(join(docsDir, 'configuration.md'));
    expect(OPTIONS.filter((o) => !configuration.includes(`\`--${o.flag}`)).map((o) => o.flag)).toEqual([]);
  });

  test('a broken link is seen (the link test can fail)', () => {
    const anchors = anchorsOf('# Safe against real systems\n## The staging envelope\n');
    expect(anchors.has('the-staging-envelope')).toBe(true);
    expect(anchors.has('safe-against-staging')).toBe(false);
    expect(linksOf('see [x](docs/nowhere.md) and `[y](z)`\n```\n[a](b)\n```')).toEqual(['docs/nowhere.md', 'z']);
  });
});
