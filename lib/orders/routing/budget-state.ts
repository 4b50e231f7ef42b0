// Whether a supplier's request budget can take a purchase now (docs/suppliers.md#routing), read
// from its stored budget row (lib/upstream/db-budget.ts): not while a 429 blocks it, nor once this
// minute's calls reach its limit, and how many calls it has left. No row yet: nothing spent. Pure.
import { capFor, windowStartOf } from "@/lib/upstream/budget";

export type BudgetRow = { limit: number; used: number; windowStart: Date; blockedUntil: Date | null };

export function hasPurchaseBudget(row: BudgetRow | null, now: Date): boolean {
  if (!row) return true;
  const t = now.getTime();
  if (row.blockedUntil && row.blockedUntil.getTime() > t) return false;
  // A row of an earlier window rolls over on its next call: a fresh minute.
  if (row.windowStart.getTime() < windowStartOf(t)) return true;
  return row.used < capFor("purchase", row.limit);
}

/**
 * Calls the supplier's request budget has left this minute for a purchase (routing breaks ties of
 * cost toward the larger): none while a 429 blocks it; its whole limit in a fresh minute; null
 * without a row (nothing spent yet).
 */
export function purchaseBudgetLeft(row: BudgetRow | null, now: Date): number | null {
  if (!row) return null;
  const t = now.getTime();
  if (row.blockedUntil && row.blockedUntil.getTime() > t) return 0;
  const cap = capFor("purchase", row.limit);
  if (row.windowStart.getTime() < windowStartOf(t)) return cap;
  return Math.max(0, cap - row.used);
}
