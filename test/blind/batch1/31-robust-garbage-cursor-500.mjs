// Defect: the cursor is base64 JSON decoded without any error handling; a
// cursor the server never issued ("abc", "not-a-cursor", "%%%") makes
// JSON.parse throw -> 500 instead of a 4xx.
import { makeStart } from './_base.mjs';
export default makeStart({
  encodeCursor(bank, ctx) {
    return Buffer.from(JSON.stringify({ t: ctx.caller.id, s: bank.seq })).toString('base64');
  },
  decodeCursor(raw, ctx) {
    const o = JSON.parse(Buffer.from(raw, 'base64').toString('utf8'));
    if (o.t !== ctx.caller.id) return { seq: Infinity };
    return { seq: o.s };
  },
});
