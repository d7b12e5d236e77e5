/**
 * A curl line that reproduces one exchange. The Authorization value is written with the
 * environment variable that holds the token, so the line can be pasted into a shell that has it,
 * and never prints the token itself.
 */
export interface CurlInput {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** `$CONFORMANCE_TOKEN`, or a bash expansion of it such as `${CONFORMANCE_TOKEN%?}` (a token near-miss). */
const PLACEHOLDER = /\$(?:CONFORMANCE_[A-Z_]+|\{CONFORMANCE_[A-Z_]+[^}"\\`$]*\})/;

/** Header values that hold a `$VARIABLE` placeholder are double-quoted so the shell expands them. */
const headerArg = (name: string, value: string): string =>
  PLACEHOLDER.test(value) && !/["\\`$]/.test(value.replace(new RegExp(PLACEHOLDER.source, 'g'), ''))
    ? `"${name}: ${value}"`
    : shellQuote(`${name}: ${value}`);

export function toCurl(input: CurlInput): string {
  const parts = ['curl', '-sS', '-i'];
  if (input.method !== 'GET') parts.push('-X', input.method);
  parts.push(shellQuote(input.url));
  for (const [name, value] of Object.entries(input.headers)) parts.push('-H', headerArg(name, value));
  if (input.body !== undefined) parts.push('--data-raw', shellQuote(input.body));
  return parts.join(' ');
}
