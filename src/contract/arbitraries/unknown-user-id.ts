/**
 * User ids that no service holds, many with characters that must be escaped in a path segment
 * (space, /, ?, #, %, non-ASCII), so GET /users/{user_id} proves the suite escapes and the target
 * decodes. The fixed prefix keeps every id clear of "." and ".." segments and of real ids.
 */
import fc from 'fast-check';

const PLAIN = 'abcdefghijklmnopqrstuvwxyz0123456789';
const NEEDS_ESCAPING = [' ', '/', '?', '#', '%', '&', '+', '=', ':', ';', '@', 'é', '中', '"', "'", '<', '>', '\\'];

export const UNKNOWN_USER_PREFIX = 'no-such-user-';

export function unknownUserId(): fc.Arbitrary<string> {
  const unit = fc.oneof({ arbitrary: fc.constantFrom(...PLAIN), weight: 3 }, { arbitrary: fc.constantFrom(...NEEDS_ESCAPING), weight: 1 });
  return fc.string({ unit, minLength: 1, maxLength: 24 }).map((tail) => UNKNOWN_USER_PREFIX + tail);
}
