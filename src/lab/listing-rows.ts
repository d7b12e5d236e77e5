/**
 * The rows of one listing (a filter, an order), kept while the list they are taken from has not
 * grown: a walk of a 100,000-bank User at limit=100 filters and orders the list once, not once a
 * page, so the embedded reference serves big lists at the pace of a real indexed store and a
 * benchmark at scale measures the suite, not the reference's filtering. Lists only ever grow (the
 * store appends, nothing edits a record in place), so the length tells a kept listing is current; a
 * list made afresh for one request (a fault's pool, a lagging replica's view) is simply made again.
 */
const kept = new WeakMap<readonly object[], Map<string, { length: number; rows: readonly object[] }>>();

export function listingRows<T extends object>(list: readonly T[], listing: string, make: () => readonly T[]): readonly T[] {
  let listings = kept.get(list);
  if (listings === undefined) {
    listings = new Map();
    kept.set(list, listings);
  }
  const known = listings.get(listing);
  if (known !== undefined && known.length === list.length) return known.rows as readonly T[];
  const rows = make();
  listings.set(listing, { length: list.length, rows });
  return rows;
}
