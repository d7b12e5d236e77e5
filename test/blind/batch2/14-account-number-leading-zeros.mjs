// 14-account-number-leading-zeros
// Defect: All-digit account numbers are stored in a numeric column, so leading zeros (and precision above 2^53) are lost in the create answer and in lists.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { numericAccount: true } });
}
