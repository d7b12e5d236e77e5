// Defect: the request schema was made "lenient" (account_number: string|number,
// as with a JSON-schema `type: ["string","number"]` or a loose Joi rule), and the
// value is stored and echoed untouched, so {"account_number": 123456789}
// is accepted and the User Bank comes back with a numeric account_number.
import { makeStart, defaults } from './_base.mjs';
export default makeStart({
  validateCreate(body, ctx) {
    if (body && typeof body === 'object' && typeof body.account_number === 'number') {
      defaults.validateCreate({ ...body, account_number: String(body.account_number) }, ctx);
      return;
    }
    return defaults.validateCreate(body, ctx);
  },
});
