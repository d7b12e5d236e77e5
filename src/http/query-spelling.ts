/**
 * The other legitimate spelling of a query (RFC 3986 3.4), for when the suite's own encoding could be
 * in question. The client (client.ts) writes every value with encodeURIComponent: each reserved
 * character percent-encoded, which RFC 3986 2.1 says is how an octet used as data in a component is
 * written, so the value reads the same whatever the server's parser splits on. A query may also
 * carry some of them raw: ':' '@' '/' '?' are allowed in a query as they are (3.3, 3.4), and '=' ','
 * '$' are sub-delims that the name=value&... convention reads as data after a value's first '='.
 * The rest stay encoded in both spellings: '&' and '#' delimit, '%' starts an escape, '+' is a space
 * to the form convention (and WHATWG URL's parser), ';' separates pairs to some older parsers, and
 * WHATWG URL escapes "'" itself when the request is sent. A percent-encoded unreserved character is
 * the same character (6.2.2.2): its other spelling is the character itself.
 */

/** Characters that read as data whether a query value spells them raw or percent-encoded. */
const RAW_IN_A_VALUE = /%(3A|40|2F|3F|3D|2C|24)/gi;

/** The value's other spelling: raw where the sent one escaped, escaped where it was raw; undefined when there is none. */
function otherValue(raw: string): string | undefined {
  // A raw '+' is a space to a form parser and a '+' to others: its meaning is already in question, so it is left alone.
  if (raw.includes('+')) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  const encoded = encodeURIComponent(decoded);
  const relaxed = encoded.replace(RAW_IN_A_VALUE, (escape) => decodeURIComponent(escape));
  const other = raw === relaxed ? encoded : relaxed;
  return other === raw ? undefined : other;
}

/** A query's other spelling (no leading '?'): every value respelled, names and order kept. */
export function otherQuerySpelling(search: string): string | undefined {
  let changed = false;
  const pairs = search.split('&').map((pair) => {
    const at = pair.indexOf('=');
    if (at < 0) return pair;
    const other = otherValue(pair.slice(at + 1));
    if (other === undefined) return pair;
    changed = true;
    return `${pair.slice(0, at + 1)}${other}`;
  });
  return changed ? pairs.join('&') : undefined;
}

/** A percent-escape or one character: the units two spellings of one query are compared by. */
const unitsOf = (query: string): string[] => query.match(/%[0-9A-Fa-f]{2}|[\s\S]/g) ?? [];

/**
 * How a spelling writes the characters the two spellings of a query write differently, in words:
 * "':' percent-encoded (%3A)" or "':' raw". Both spellings decode to the same values, unit for unit.
 */
export function spellingOf(query: string, other: string): string {
  const mine = unitsOf(query);
  const theirs = unitsOf(other);
  const escaped = new Map<string, string>();
  const raw = new Set<string>();
  for (let i = 0; i < Math.min(mine.length, theirs.length); i += 1) {
    const unit = mine[i] as string;
    if (unit === theirs[i]) continue;
    if (unit.length === 3) escaped.set(decodeURIComponent(unit), unit.toUpperCase());
    else raw.add(unit);
  }
  const quoted = (chars: Iterable<string>): string => [...chars].map((c) => `'${c}'`).join(' ');
  const parts: string[] = [];
  if (escaped.size > 0) parts.push(`${quoted(escaped.keys())} percent-encoded (${[...escaped.values()].join(' ')})`);
  if (raw.size > 0) parts.push(`${quoted(raw)} raw`);
  return parts.length > 0 ? `with ${parts.join(' and ')}` : 'as sent';
}
