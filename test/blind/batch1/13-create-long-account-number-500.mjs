// Defect: account_number lives in a VARCHAR(34) column (IBAN length) and the
// length is not validated, so the database error "value too long for type
// character varying(34)" surfaces as 500 for a longer account number.
import { makeStart, defaults } from './_base.mjs';
export default makeStart({
  storeBank(body, ctx) {
    for (const [col, max] of [
      ['account_number', 34],
      ['routing_number', 34],
      ['account_holder_type', 64],
      ['bank_account_type', 64],
    ]) {
      if (typeof body[col] === 'string' && body[col].length > max) {
        const e = new Error(`value too long for type character varying(${max})`);
        e.code = '22001';
        throw e;
      }
    }
    return defaults.storeBank(body, ctx);
  },
});
