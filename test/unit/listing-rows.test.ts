/** The reference keeps a listing's rows while its list has not grown, and makes them again once it has. */
import { expect, test } from 'vitest';
import { listingRows } from '../../src/lab/listing-rows.js';

test('a listing is made once while its list keeps its length, again after the list grows, apart per listing and per list', () => {
  const list = [{ n: 1 }, { n: 2 }, { n: 3 }];
  let made = 0;
  const odd = () => listingRows(list, 'odd', () => (made++, list.filter((r) => r.n % 2 === 1)));
  expect(odd().map((r) => r.n)).toEqual([1, 3]);
  expect(odd()).toBe(odd());
  expect(made).toBe(1);
  list.push({ n: 5 });
  expect(odd().map((r) => r.n)).toEqual([1, 3, 5]);
  expect(made).toBe(2);
  expect(listingRows(list, 'even', () => list.filter((r) => r.n % 2 === 0)).map((r) => r.n)).toEqual([2]);
  expect(listingRows([...list], 'odd', () => [])).toEqual([]);
});
