/**
 * What to tell a user whose --max-writes made a check skip: how many writes would be enough. Measured
 * on full default runs against the reference (results.json created[]: 46 to 62 User Banks); the
 * default budget leaves room for a slow target's retries of the property checks.
 */
export const WRITES_NEEDED = 'a full run creates about 50 to 65 User Banks: --max-writes 150 (the default) runs every check';
