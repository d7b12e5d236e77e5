// 01-refused-create-stored
// Defect: A create refused for a missing/mistyped field (400) has already been inserted (ORM save before validation, no rollback); the row shows up in later lists.
import { startServer } from './_base.mjs';

export default async function start() {
  return startServer({ faults: { storeBeforeValidate: true } });
}
