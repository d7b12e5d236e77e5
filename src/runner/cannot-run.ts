/** A run that cannot start or go on for a reason the user can fix: one sentence, exit 2, no stack trace. */
export class CannotRun extends Error {}
