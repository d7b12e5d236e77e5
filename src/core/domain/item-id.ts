/** The id of a listed item, as every judge of a list reads it. */

/** The id of a listed item as a string (a number spelled as one), or undefined when it has none. */
export function idOf(item: unknown): string | undefined {
  const id = item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}
