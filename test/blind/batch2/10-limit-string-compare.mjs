// 10-limit-string-compare
// Defect: The maximum comes from an environment string and limit is compared as strings ("5" > "100"), so ordinary values such as limit=2 or limit=50 are refused.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({
    prefix: '/api/v2',
    faults: {
      parseLimit: (q) => {
        if (!q.has('limit')) return { limit: 100 };
        const s = q.get('limit');
        const MAX = process.env.BL_MAX_PAGE_SIZE_UNSET ?? '100';
        if (!/^[0-9]+$/.test(s) || s < '1' || s > MAX) return { error: 'limit out of range' };
        return { limit: Number(s) };
      },
    },
  });
}
