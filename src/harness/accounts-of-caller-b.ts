/**
 * The account numbers this run sent in creates by the second caller. The spec makes no account
 * number unique, and the stateful sequences link one account to both businesses on purpose, so a
 * number in this set no longer identifies the first caller's data (the replay's leak finder asks).
 */
import { perRun } from './per-run.js';

export const accountsOfCallerB = perRun(() => new Set<string>());
