// Defect: the status filter is converted to an enum first (like Spring's
// lenient enum converter / Enum.tryParse returning null), and a null filter
// means "no filter". ?status=<anything not known> therefore returns every User
// Bank, all of them with a different status than the one asked for.
import { makeStart } from './_base.mjs';
const BankStatus = { active: 'active' };
export default makeStart({
  applyFilters(rows, q) {
    const status = q.status !== undefined ? (BankStatus[q.status] ?? null) : null;
    let out = rows;
    if (status !== null) out = out.filter((b) => b.status === status);
    if (q.user_id !== undefined) out = out.filter((b) => b.user_id === q.user_id);
    return out;
  },
});
