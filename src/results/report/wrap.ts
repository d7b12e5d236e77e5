/**
 * Long messages are wrapped, not cut (a schema finding lists several violations and the values seen;
 * a reader needs all of it): words are kept whole, and a word longer than the width (a URL, a JSON
 * value) stands on a line of its own rather than being split.
 */
const MAX_CHARACTERS = 4_000; // a bound for the console only: results.json and the reports keep everything

export function wrapText(text: string, width: number, indent: string): string[] {
  let one = text.replace(/\s+/g, ' ').trim();
  if (one.length > MAX_CHARACTERS) one = `${one.slice(0, MAX_CHARACTERS)}… (${one.length} characters: report.md has all of it)`;
  const lines: string[] = [];
  let line = '';
  for (const word of one.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(indent + line);
  return lines;
}
