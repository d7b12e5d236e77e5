// 20-created-at-epoch-in-list
// Defect: List views return created_at as Unix epoch seconds (a number) from a raw query, while the create answer has the ISO string.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({
    prefix: '/api/v2',
    faults: { bankListView: (v) => ({ ...v, created_at: Math.floor(Date.parse(v.created_at) / 1000) }) },
  });
}
