// 07-limit-100-rejected
// Defect: limit validation uses "< 100" so limit=100 (the documented maximum) is refused.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({
    faults: {
      parseLimit: (q) => {
        if (!q.has('limit')) return { limit: 100 };
        const s = q.get('limit');
        if (!/^[0-9]{1,6}$/.test(s)) return { error: 'limit must be an integer' };
        const n = Number(s);
        if (!(n >= 1 && n < 100)) return { error: 'limit must be between 1 and 99' };
        return { limit: n };
      },
    },
  });
}
