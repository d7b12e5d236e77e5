// 16-list-masks-account-number
// Defect: The list serializer masks account_number to its last four digits (create answer is unmasked).
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({
    faults: {
      bankListView: (v) => ({ ...v, account_number: '*'.repeat(Math.max(0, v.account_number.length - 4)) + v.account_number.slice(-4) }),
    },
  });
}
