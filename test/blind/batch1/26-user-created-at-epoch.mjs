// Defect: the User model's created_at is serialized as epoch milliseconds
// (Jackson's default WRITE_DATES_AS_TIMESTAMPS=true for java.util.Date), while
// User Banks and RfP registrations (another mapper) use ISO 8601 strings.
import { makeStart, defaults } from './_base.mjs';
export default makeStart({
  userView(u) {
    const v = defaults.userView(u);
    v.created_at = u.created_at.getTime();
    return v;
  },
});
