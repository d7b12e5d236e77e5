// Defect: the create response is marshalled from a struct with `omitempty` on
// every field (Go encoding/json drops false booleans), so a new User Bank comes
// back without is_rtp_rfp_enabled (which is false for new accounts). The list
// view uses another struct and is correct.
import { makeStart, defaults } from './_base.mjs';
const omitEmpty = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== false && v !== null && v !== '' && v !== 0));
export default makeStart({
  bankView(b, view) {
    const v = defaults.bankView(b, view);
    return view === 'create' ? omitEmpty(v) : v;
  },
});
