/**
 * Where a keyset cursor resumes: the first row past the last one seen, in the listing's order. A
 * listing's rows are in seq order as the store keeps them (it only appends, each row with a larger
 * seq), so the place is found by halving the rows rather than reading them from the start, which on
 * a 100,000-bank list made every page of a walk read half the list. A fault may hand over rows in
 * any order; whether rows are in order is read once per list and length (lists only grow) and rows
 * out of order are searched from the start, so either way the answer is the first row past the cursor.
 */
type Order = 'asc' | 'desc';

const inOrder = new WeakMap<readonly { seq: number }[], { length: number; asc: boolean; desc: boolean }>();

function orderOf(rows: readonly { seq: number }[]): { asc: boolean; desc: boolean } {
  const known = inOrder.get(rows);
  if (known !== undefined && known.length === rows.length) return known;
  let asc = true;
  let desc = true;
  for (let i = 1; i < rows.length && (asc || desc); i += 1) {
    const step = (rows[i] as { seq: number }).seq - (rows[i - 1] as { seq: number }).seq;
    if (step < 0) asc = false;
    if (step > 0) desc = false;
  }
  const read = { length: rows.length, asc, desc };
  inOrder.set(rows, read);
  return read;
}

/** The index of the first row past `seq` in `order` (seq above it ascending, below it descending); rows.length when none is. */
export function firstPast(rows: readonly { seq: number }[], seq: number, order: Order): number {
  const past = order === 'asc' ? (row: { seq: number }) => row.seq > seq : (row: { seq: number }) => row.seq < seq;
  if (!orderOf(rows)[order]) {
    const index = rows.findIndex(past);
    return index === -1 ? rows.length : index;
  }
  // In order, the rows past `seq` are a tail of the list: halve towards its first.
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (past(rows[middle] as { seq: number })) high = middle;
    else low = middle + 1;
  }
  return low;
}
