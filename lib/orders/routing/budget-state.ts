// Whether a supplier's request budget can take more work now (docs/suppliers.md#routing), read
// from its stored budget row (lib/upstream/db-budget.ts) and the lines already paid and waiting to
// be bought there: not while a 429 blocks it, nor once this minute's calls plus those waiting
// purchases reach its limit (docs/suppliers.md#purchases-waiting). No row yet: nothing spent. Pure.
import { capFor, windowMs, windowStartOf } from "@/lib/upstream/budget";
import type { Priority } from "@/lib/upstream/types";

export type BudgetRow = { limit: number; used: number; windowStart: Date; blockedUntil: Date | null };

/**
 * Calls a priority may still take this minute behind `waiting` purchases: its share of the window
 * less the calls spent and less the purchases already waiting (negative when they need more than
 * this minute has); 0 while a 429 blocks the key; null without a row (nothing spent yet).
 */
function callsLeft(row: BudgetRow | null, now: Date, priority: Priority, waiting: number): number | null {
  if (!row) return null;
  const t = now.getTime();
  if (row.blockedUntil && row.blockedUntil.getTime() > t) return 0;
  // A row of an earlier window rolls over on its next call: a fresh minute.
  const used = row.windowStart.getTime() < windowStartOf(t) ? 0 : row.used;
  return Math.max(0, capFor(priority, row.limit) - used) - waiting;
}

/** Whether a new line's purchase could go out this minute, after the `waiting` purchases before it. */
export function hasPurchaseBudget(row: BudgetRow | null, now: Date, waiting = 0): boolean {
  const left = callsLeft(row, now, "purchase", waiting);
  return left === null || left > 0;
}

/**
 * Calls the supplier's request budget has left this minute for a new purchase (routing breaks ties
 * of cost toward the larger), after the `waiting` ones: negative when those already need more than
 * this minute has; none while a 429 blocks it; its whole limit in a fresh minute; null without a
 * row (nothing spent yet).
 */
export function purchaseBudgetLeft(row: BudgetRow | null, now: Date, waiting = 0): number | null {
  return callsLeft(row, now, "purchase", waiting);
}

/**
 * Whether a shopper's live check may take a call now: within the checks' share of the minute and
 * without taking one the `waiting` purchases need. When it may not, the quote prices the line from
 * the fresh catalog instead (docs/money-rules.md#when-checks-have-spent-their-share).
 */
export function checkLeavesRoom(row: BudgetRow | null, now: Date, waiting: number): boolean {
  const left = callsLeft(row, now, "check", waiting);
  return left === null || left > 0;
}

/**
 * Whether a 429 blocks the key past the end of this minute (its Retry-After may ask for much
 * longer): a line waiting for it would wait that long, so no quote takes it to wait
 * (docs/suppliers.md#purchases-waiting).
 */
export function blockedPastMinute(row: BudgetRow | null, now: Date): boolean {
  const t = now.getTime();
  return row?.blockedUntil != null && row.blockedUntil.getTime() > windowStartOf(t) + windowMs;
}
