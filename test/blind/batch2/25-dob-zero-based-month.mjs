// 25-dob-zero-based-month
// Defect: date_of_birth.month comes from JavaScript getUTCMonth(), so it is zero-based (January = 0).
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({
    faults: {
      userView: (v, u) => {
        const d = new Date(u.dob + 'T00:00:00Z');
        return { ...v, date_of_birth: { date: d.getUTCDate(), month: d.getUTCMonth(), year: d.getUTCFullYear() } };
      },
    },
  });
}
