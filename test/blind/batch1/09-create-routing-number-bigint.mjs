// Defect: routing_number is stored in a BIGINT column (the ORM model says
// "routing numbers are 9 digits, make it numeric"); node-postgres hands BIGINT
// back as a string, so the API still returns a string - but leading zeros are
// gone: "021000021" comes back as "21000021".
import { makeStart, defaults, HttpError } from './_base.mjs';
const toBigintColumn = (v) => {
  if (!/^\d+$/.test(v)) throw new HttpError(400, 'invalid_field', 'routing_number must be numeric');
  return BigInt(v).toString();
};
export default makeStart(
  {
    storeBank(body, ctx) {
      const routing = toBigintColumn(body.routing_number);
      return defaults.storeBank({ ...body, routing_number: routing }, ctx);
    },
  },
  (state) => {
    for (const b of state.banks) b.routing_number = BigInt(b.routing_number).toString();
  },
);
