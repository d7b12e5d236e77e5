// Defect: the internal->public status lookup table was written without the
// pending entry and falls back to the raw stored value, so a pending
// registration is returned with status "rfp_registration_pending".
import { makeStart } from './_base.mjs';
const MAP = { rfp_registration_active: 'active', rfp_registration_inactive: 'inactive' };
export default makeStart({
  rfpStatus(internal) {
    return MAP[internal] ?? internal;
  },
});
