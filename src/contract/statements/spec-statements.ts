/**
 * The spec split into its statements: every table row, every bullet and every sentence of prose,
 * each with its section and a stable id made from the section and the text (an edited statement gets
 * a new id, so what judged or explained the old text no longer counts for it: that is drift, and the
 * statement index test says so).
 */
import { createHash } from 'node:crypto';

export interface SpecStatement {
  /** `<section>#<6 hex of the text>`, e.g. `4.2#a1b2c3`. */
  id: string;
  section: string;
  text: string;
}

const HEADING = /^#{2,3}\s+(\d+(?:\.\d+)?)\.?\s/;
const TABLE_SEPARATOR = /^\|[\s|:-]+\|$/;

function idOf(section: string, text: string): string {
  return `${section}#${createHash('sha256').update(text).digest('hex').slice(0, 6)}`;
}

/** Prose split at sentence ends (a period, colon or question mark followed by a space and a capital). */
const sentencesOf = (line: string): string[] =>
  line
    .split(/(?<=[.:?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);

export function specStatements(markdown: string): SpecStatement[] {
  const statements: SpecStatement[] = [];
  let section = 'intro';
  let tableHeaderPending = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    if (heading) {
      section = heading[1] as string;
      continue;
    }
    if (line === '' || line.startsWith('#')) {
      tableHeaderPending = true;
      continue;
    }
    if (line.startsWith('|')) {
      // The first row of a table is its header, the second its separator: neither states anything.
      if (TABLE_SEPARATOR.test(line)) continue;
      if (tableHeaderPending) {
        tableHeaderPending = false;
        continue;
      }
      statements.push({ id: idOf(section, line), section, text: line });
      continue;
    }
    tableHeaderPending = true;
    const texts = line.startsWith('- ') ? [line] : sentencesOf(line);
    for (const text of texts) statements.push({ id: idOf(section, text), section, text });
  }
  return statements;
}
