// Defect: re-registering a use case inserts a new row instead of updating the
// old one, and the list query has no DISTINCT ON (use_case): caller A sees
// bill_pay twice (the superseded inactive row and the new active row).
import { makeStart, newId } from './_base.mjs';
export default makeStart({}, (state) => {
  state.rfps.push({
    id: newId('rfp'),
    tenant: 'ten_A',
    use_case: 'bill_pay',
    status: 'rfp_registration_active',
    created_at: new Date(Date.parse('2024-01-15T09:00:00.000Z')),
  });
});
