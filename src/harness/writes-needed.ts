/**
 * What to tell a user whose --max-writes made a check skip: how many writes would be enough. The
 * creation checks plan their writes within the budget (suites/user-banks.create.test.ts): the default
 * 25 runs every check; 60 gives the valid-body properties their full --runs and 20 banks at once.
 */
export const WRITES_NEEDED = '--max-writes 25 (the default) runs every check; 60 or more gives the creation properties their full --runs';

/** Writes the creation checks leave to the suites that run after them (auth and isolation send a few POSTs). */
export const KEEP_FOR_LATER = 5;
