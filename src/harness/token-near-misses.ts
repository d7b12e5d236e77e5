/**
 * Tokens that are almost the caller's token (spec 5: the header carries "the caller's auth token";
 * anything else is no token of the caller). A server that compares tokens by prefix, by suffix,
 * case-insensitively, by length or with a loose pattern accepts one of these.
 *
 * Each near-miss also has a placeholder: the shell expression that builds it from the environment
 * variable holding the token (bash parameter expansion). The redactor prints the near-miss as that
 * placeholder, so a report never holds most of a token, and a curl line still replays.
 *
 * Whitespace is left alone on purpose: RFC 6750 2.1 allows one or more spaces after "Bearer" and
 * HTTP trims a header value's surrounding whitespace (RFC 9110 5.5), so those are the token still.
 */
export interface NearMiss {
  /** How the near-miss is named in messages ("with <name>"). */
  name: string;
  value: string;
  /** A bash expression of the token variable that gives `value`, e.g. `${CONFORMANCE_TOKEN%?}`. */
  placeholder: string;
}

/**
 * Every near-miss is also a secret the redactor replaces wherever it appears; a short one would mask
 * ordinary text all over a report. So a token shorter than this gets no near-misses, and a prefix is
 * only tried when it is at least this long.
 */
export const MIN_NEAR_MISS_LENGTH = 8;

/** A character unlike `c` in any letter case (a digit for a digit, a letter for a letter). */
export function otherChar(c: string): string {
  if (/\d/.test(c)) return String((Number(c) + 1) % 10);
  if (/[a-z]/i.test(c)) return c.toLowerCase() === 'q' ? 'z' : 'q';
  return '0';
}

const swapCase = (s: string): string => s.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));

/**
 * The near-misses of `token`, whose environment variable is `variable` (e.g. CONFORMANCE_TOKEN).
 * Deterministic: the same token gives the same near-misses, so a run replays.
 */
export function tokenNearMisses(token: string, variable: string): NearMiss[] {
  if (token.length < MIN_NEAR_MISS_LENGTH) return [];
  const v = variable;
  const first = token[0] as string;
  const last = token[token.length - 1] as string;
  const misses: NearMiss[] = [
    {
      name: 'the token with its last character changed',
      value: token.slice(0, -1) + otherChar(last),
      placeholder: `\${${v}%?}${otherChar(last)}`,
    },
    {
      name: 'the token with its first character changed',
      value: otherChar(first) + token.slice(1),
      placeholder: `${otherChar(first)}\${${v}:1}`,
    },
    { name: 'the token without its last character', value: token.slice(0, -1), placeholder: `\${${v}%?}` },
    { name: 'the token without its first character', value: token.slice(1), placeholder: `\${${v}:1}` },
    { name: 'the token with a character added at its end', value: `${token}0`, placeholder: `\${${v}}0` },
    { name: 'the token with a character added at its start', value: `0${token}`, placeholder: `0\${${v}}` },
  ];
  const swapped = swapCase(token);
  if (swapped !== token) misses.push({ name: 'the token in other letter case', value: swapped, placeholder: `\${${v}~~}` });
  const half = Math.ceil(token.length / 2);
  if (half >= MIN_NEAR_MISS_LENGTH) {
    misses.push({ name: `the first ${half} characters of the token only`, value: token.slice(0, half), placeholder: `\${${v}:0:${half}}` });
  }
  // A value equal to the token itself (impossible by construction, but cheap to rule out) would be no near-miss.
  return misses.filter((m) => m.value !== token);
}
