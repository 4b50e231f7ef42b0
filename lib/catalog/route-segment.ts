// Dynamic route segments may arrive percent-encoded or already decoded, depending on how the link
// was made; slugs and item codes are looked up as given first, then decoded once.

/** Decodes a path segment once; a malformed escape ("%E0%A4") is kept as typed instead of throwing a 500. */
export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Looks a segment up as given, then decoded once: the first hit wins, null when neither matches. */
export async function findBySegment<T>(segment: string, find: (value: string) => Promise<T | null>): Promise<T | null> {
  const direct = await find(segment);
  if (direct !== null) return direct;
  const decoded = decodeSegment(segment);
  return decoded === segment ? null : find(decoded);
}
