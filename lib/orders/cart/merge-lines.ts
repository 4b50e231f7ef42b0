// Identical lines become one: a cart cookie or a quote request listing the same SKU twice is
// one line with the summed quantity (one live check, one upstream order, one price). Top-up
// lines stay apart when their account fields differ (two players, two orders).

type Line = { itemCode: string; quantity: number; fields?: Record<string, string> };

function keyOf(line: Line): string {
  const fields = line.fields ? Object.entries(line.fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)) : [];
  return JSON.stringify([line.itemCode, fields]);
}

/** Lines in first-seen order, quantities of identical lines summed (the quote checks the bounds). */
export function mergeIdenticalLines<T extends Line>(lines: T[]): T[] {
  const merged = new Map<string, T>();
  for (const line of lines) {
    const key = keyOf(line);
    const seen = merged.get(key);
    merged.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
  }
  return [...merged.values()];
}
