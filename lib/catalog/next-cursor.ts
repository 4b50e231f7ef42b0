// Where the delta cursor moves after a run (pure, so the rule is tested on its own).

/**
 * How far behind its start a run trusts that the upstream has shown it every change: clock
 * skew between the shop and the upstream, and a change stamped before it became visible.
 */
export const CURSOR_SAFETY_MARGIN_MS = 60_000;

/**
 * The next delta's `updated_since` after a successful run that started at `startedAt` (shop
 * clock) and saw `latestSeenMs`, the latest updated_at across its products and removed:
 * - at most `startedAt` − margin: a SKU that changed while the run paged may sit on a page
 *   already read (or have moved across a page boundary), so the next delta reads that window
 *   again; the spec's "latest updated_at seen" would skip it until the next full sync;
 * - at most `latestSeenMs` + 1 ms: past the SKUs stamped at the latest instant once that
 *   instant is safely in the past (updated_since is inclusive, so a cursor equal to it fetches
 *   them again on every delta: 10 calls forever after a 1,000-SKU re-price), and never beyond
 *   what the upstream has shown (its clock, not ours);
 * - never behind `cursorFrom`: the cursor only moves forward. Nothing seen: it stays.
 */
export function nextCatalogCursor(
  cursorFrom: string | null,
  latestSeenMs: number | null,
  startedAt: Date,
  marginMs = CURSOR_SAFETY_MARGIN_MS,
): string | null {
  const from = cursorFrom === null ? Number.NEGATIVE_INFINITY : Date.parse(cursorFrom);
  if (latestSeenMs === null) return cursorFrom;
  const next = Math.min(latestSeenMs + 1, startedAt.getTime() - marginMs);
  return next > from ? new Date(next).toISOString() : cursorFrom;
}
