/**
 * Section titles for the reports, read from the spec's own headings ("### 2.1 User Bank"), so the
 * requirement matrix is grouped and ordered the way a reader of the spec knows it.
 */
import { readFileSync } from 'node:fs';
import { specPath } from '../../core/paths.js';

export interface SectionInfo {
  id: string;
  title: string;
  /** Position in reading order: spec sections first, then HTTP facts that the spec does not number. */
  order: number;
}

const EXTRA: Record<string, string> = {
  intro: 'Introduction (every request)',
  HTTP: 'Universal HTTP facts',
};

let cached: Map<string, string> | undefined;

function specHeadings(): Map<string, string> {
  if (cached) return cached;
  cached = new Map();
  let text = '';
  try {
    text = readFileSync(specPath, 'utf8');
  } catch {
    // A report still renders without titles; the section number alone is enough to find the text.
  }
  for (const match of text.matchAll(/^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s+(.+)$/gm)) cached.set(match[1] as string, (match[2] as string).trim());
  return cached;
}

/** Numeric sections sort as numbers (4.2 before 4.10); 'intro' first; 'HTTP' and unknown names last. */
function orderOf(id: string): number {
  if (id === 'intro') return -1;
  if (/^\d+(\.\d+)*$/.test(id)) {
    const [major = 0, minor = 0, patch = 0] = id.split('.').map(Number);
    return major * 10_000 + minor * 100 + patch;
  }
  return 1_000_000;
}

export function sectionInfo(id: string): SectionInfo {
  const title = specHeadings().get(id) ?? EXTRA[id] ?? '';
  return { id, title, order: orderOf(id) };
}

/** "4.2 List User Banks", or "HTTP: Universal HTTP facts". */
export function sectionLabel(id: string): string {
  const { title } = sectionInfo(id);
  if (!title) return `section ${id}`;
  return /^\d/.test(id) ? `${id} ${title}` : title;
}

export function compareSections(a: string, b: string): number {
  return orderOf(a) - orderOf(b) || a.localeCompare(b);
}
