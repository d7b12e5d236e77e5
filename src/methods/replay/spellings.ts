/**
 * Other spellings of one request that a real router, proxy or framework may map to the same operation.
 * They come from the URI and HTTP standards, not from any server's code:
 * - RFC 3986 6.2.2.2: a percent-encoded unreserved character is the character itself;
 * - RFC 3986 3.3: an empty segment (a doubled slash) and a trailing slash are legal paths that many
 *   routers fold into the plain one; a segment may carry parameters after ';' (Servlet path parameters);
 * - RFC 3986 6.2.2.1: hosts and schemes are case-insensitive, and many routers treat paths so too;
 * - RFC 9110 / RFC 3986 3.4: the order of query parameters, and parameters a server does not know.
 * Dot segments are left out: a client normalises them before sending (the WHATWG URL parser does).
 * A spelling is never a claim that the server must serve it: only that it must not serve it to the wrong person.
 */
export interface Spelling {
  /** How the spelling is named in messages ("the path with a trailing slash"). */
  name: string;
  /** The path below the base URL, starting with '/', already escaped; with its raw query when `query` is absent and the spelling is of a query value. */
  path: string;
  query?: Record<string, string>;
}

const percentEncoded = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

const isUnreserved = (c: string | undefined): boolean => c !== undefined && /^[A-Za-z0-9\-._~]$/.test(c);

/** The first segment (the collection: user_banks, users, rfp_registrations) and the rest of the path. */
function split(path: string): { first: string; rest: string } {
  const match = /^\/([^/]*)(.*)$/.exec(path);
  return { first: match?.[1] ?? '', rest: match?.[2] ?? '' };
}

/**
 * The spellings of `path` and `query`, the original excluded. The collection segment is re-spelled
 * every way; an identifier segment and each query value only by percent-encoding an unreserved letter,
 * the one spelling RFC 3986 6.2.2.2 makes the same value (changing its case or adding a parameter may
 * rightly name nothing). A guard that matches the raw segment or value while the handler decodes it
 * shows only there.
 */
export function equivalentSpellings(path: string, query: Record<string, string> = {}): Spelling[] {
  const { first, rest } = split(path);
  const entries = Object.entries(query);
  const withQuery = (s: Omit<Spelling, 'query'>): Spelling => (entries.length > 0 ? { ...s, query } : s);
  const spellings: Spelling[] = [
    withQuery({ name: 'the path with a trailing slash', path: `${path}/` }),
    withQuery({ name: 'the path after a doubled slash', path: `/${path}` }),
    withQuery({ name: 'the path in upper case', path: `/${first.toUpperCase()}${rest}` }),
    withQuery({
      name: `the path with its first letter percent-encoded (${percentEncoded(first[0] ?? 'x')})`,
      path: `/${percentEncoded(first[0] ?? 'x')}${first.slice(1)}${rest}`,
    }),
    withQuery({ name: 'the path with a ;parameter after its first segment', path: `/${first};v=1${rest}` }),
    { name: 'an unknown query parameter added', path, query: { ...query, conformance_replay: '1' } },
  ];
  const idSegment = /^\/[^/]*\/([^/]+)$/.exec(path)?.[1];
  if (idSegment !== undefined && isUnreserved(idSegment[0]))
    spellings.push(
      withQuery({
        name: `the identifier with its first letter percent-encoded (${percentEncoded(idSegment[0] as string)})`,
        path: `${path.slice(0, path.length - idSegment.length)}${percentEncoded(idSegment[0] as string)}${idSegment.slice(1)}`,
      }),
    );
  for (const [name, value] of entries) {
    if (!isUnreserved(value[0])) continue;
    // A raw query: a client given the value would escape the '%' itself.
    const raw = entries
      .map(
        ([n, v]) =>
          `${encodeURIComponent(n)}=${n === name ? `${percentEncoded(v[0] as string)}${encodeURIComponent(v.slice(1))}` : encodeURIComponent(v)}`,
      )
      .join('&');
    spellings.push({
      name: `${name}'s value with its first letter percent-encoded (${percentEncoded(value[0] as string)})`,
      path: `${path}?${raw}`,
    });
  }
  if (entries.length > 1)
    spellings.push({ name: 'the query parameters in reverse order', path, query: Object.fromEntries([...entries].reverse()) });
  return spellings;
}
