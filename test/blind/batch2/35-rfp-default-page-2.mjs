// 35-rfp-default-page-2
// Defect: GET /rfp_registrations applies a default page size of 2, so a caller with three registrations does not get all of them (and there is no cursor parameter to fetch the rest).
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { rfpPageSize: 2 } });
}
