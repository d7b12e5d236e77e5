/**
 * A requirement quoted from one of the spec's tables is a markdown row ("| address | object | Fields:
 * ... |"). The catalog keeps the row verbatim (a reader can search the spec for it, and a test proves
 * it is still there); what a person reads in a report is the row as a sentence:
 * "address (object): Fields: ...". A quoted list item loses its bullet. Prose passes through unchanged.
 */
export function readableQuote(quote: string): string {
  if (/^\s*- \S/.test(quote)) return quote.trim().slice(2);
  const row = quote.trim();
  if (!row.startsWith('|') || !row.endsWith('|') || row.length < 2) return quote;
  const cells = row
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim());
  if (cells.length < 2 || cells.some((cell) => cell === '')) return quote;
  const [name, ...rest] = cells;
  const note = rest.pop() as string;
  return rest.length === 0 ? `${name}: ${note}` : `${name} (${rest.join(', ')}): ${note}`;
}
