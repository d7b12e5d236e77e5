// Defect: date_of_birth is built by splitting the DATE column's text
// ("1988-01-09".split('-')) without converting the parts to numbers, so date,
// month and year are strings ("09", "01", "1988").
import { makeStart, defaults } from './_base.mjs';
export default makeStart({
  userView(u) {
    const v = defaults.userView(u);
    const [year, month, date] = u.dob.split('-');
    v.date_of_birth = { date, month, year };
    return v;
  },
});
