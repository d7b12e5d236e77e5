// 08-default-page-size-25
// Defect: When limit is absent the page size falls back to a framework default of 25 instead of 100.
import { startServer, defaultParseLimit } from './_base.mjs';

export default async function start() {
  return startServer({
    faults: {
      parseLimit: (q) => {
        if (!q.has('limit')) return { limit: 25 };
        return defaultParseLimit(q);
      },
    },
  });
}
