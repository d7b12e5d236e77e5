// Defect: registrations onboarded before the created_at column existed hold
// NULL there, and the serializer is configured to drop nulls (Jackson
// Include.NON_NULL style): one of caller A's registrations has no created_at.
import { makeStart, defaults } from './_base.mjs';
const dropNulls = (o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
export default makeStart(
  {
    rfpView(r, app) {
      return dropNulls(defaults.rfpView(r, app));
    },
  },
  (state) => {
    const legacy = state.rfps.find((r) => r.tenant === 'ten_A' && r.use_case === 'account_to_account');
    legacy.created_at = null;
  },
);
