/** A moment as a log line reads it: hh:mm:ss UTC (the sentences that say when a target went down or a token ended). */
export const utcClock = (at: number): string => `${new Date(at).toISOString().slice(11, 19)} UTC`;
