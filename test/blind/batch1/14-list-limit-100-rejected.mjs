// Defect: the range check uses an exclusive upper bound (limit >= MAX_LIMIT is
// rejected), so limit=100 - the documented maximum - answers 400.
import { makeStart, HttpError } from './_base.mjs';
const MAX_LIMIT = 100;
export default makeStart({
  parseLimit(raw) {
    if (raw === undefined) return MAX_LIMIT;
    const n = Number(raw);
    if (!Number.isInteger(n) || !/^\d+$/.test(raw) || n < 1 || n >= MAX_LIMIT) {
      throw new HttpError(400, 'invalid_limit', `limit must be between 1 and ${MAX_LIMIT}`);
    }
    return n;
  },
});
