/** A JSON object (not null, not an array): the one test every reader of a parsed answer makes first. */
export const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
