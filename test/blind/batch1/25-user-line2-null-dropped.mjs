// Defect: the address sub-object is serialized with null members dropped
// (Go `omitempty` on *string / Jackson NON_NULL), so a User without a second
// address line has no address.line2 member instead of line2: null.
import { makeStart, defaults } from './_base.mjs';
export default makeStart({
  userView(u) {
    const v = defaults.userView(u);
    v.address = Object.fromEntries(Object.entries(v.address).filter(([, x]) => x !== null));
    return v;
  },
});
