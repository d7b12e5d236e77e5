// 22-rfp-join-duplicates
// Defect: The RfP query joins the caller's users without DISTINCT, so a caller with two users sees every registration (and use case) twice.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { rfpJoinUsers: true } });
}
