// Defect: the User serializer formats phone numbers to E.164 with a
// libphonenumber-style formatter, so phone comes back as "+14155550100"
// (a '+' and not digits only).
import { makeStart, defaults } from './_base.mjs';
const e164 = (digits) => (digits.length === 10 ? `+1${digits}` : `+${digits}`);
export default makeStart({
  userView(u) {
    const v = defaults.userView(u);
    v.phone = e164(u.phone);
    return v;
  },
});
