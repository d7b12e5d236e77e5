/**
 * Body excerpts a person can read: JSON indented (even when the evidence cut it mid-value, which
 * JSON.parse would refuse), then held to a number of lines, saying how much was left out.
 */
const INDENT = '  ';

/** Indents JSON text by its brackets, tolerating a truncated tail; returns the text unchanged if it is not JSON-like. */
export function indentJson(text: string): string {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    // Truncated or invalid: indent by hand below.
  }
  let out = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  const newline = () => `\n${INDENT.repeat(Math.max(0, depth))}`;
  for (const ch of trimmed) {
    if (inString) {
      out += ch;
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch === '{' || ch === '[') {
      depth += 1;
      out += ch + newline();
    } else if (ch === '}' || ch === ']') {
      depth -= 1;
      out += newline() + ch;
    } else if (ch === ',') {
      out += ch + newline();
    } else if (ch === ':') {
      out += ': ';
    } else if (!/\s/.test(ch)) {
      out += ch;
    }
  }
  return out;
}

/** At most maxLines lines; the cut is announced, never silent. */
export function clipLines(text: string, maxLines: number): string {
  const lines = text.split('\n');
  if (lines.length <= maxLines) return text;
  return `${lines.slice(0, maxLines).join('\n')}\n… ${lines.length - maxLines} more lines (the full excerpt is in results.json)`;
}

export function bodyExcerpt(text: string, maxLines = 30): string {
  return clipLines(indentJson(text), maxLines);
}
