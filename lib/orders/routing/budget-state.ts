// Whether a supplier's request budget can take a purchase now (docs/suppliers.md#routing), read
// from its stored budget row (lib/upstream/db-budget.ts): not while a 429 blocks it, nor once this
// minute's calls reach its limit. No row yet: nothing spent. Pure.
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
