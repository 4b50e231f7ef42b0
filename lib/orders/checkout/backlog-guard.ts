// Checkout's purchase-backlog check, before any payment: when the lines already paid and waiting
// for the supplier (`paid` or `purchasing`, shop-wide, counted in the database so every instance
// agrees) plus this order's lines would take longer than backlogBoundMinutes to buy within the
// upstream budget, the checkout is refused ("busy"): nothing is charged for what cannot be bought
// soon (docs/operations.md#when-orders-come-faster-than-the-supplier-can-fill-them).
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export const backlogBusyMessage =
  "We are taking orders faster than our supplier can fill them right now. Nothing was charged; please try again in a minute or two.";

/** How many minutes of purchases may wait: a paid shopper waits at most about this long for the supplier. */
export const backlogBoundMinutes = 2;

export type BacklogGuard = { ok: true } | { ok: false; message: string; outcome: "busy" };

/** Purchases the budget allows per minute: one call each, and purchases may use the whole budget. */
export function purchasesPerMinute(): number {
  return env.UPSTREAM_RATE_LIMIT;
}

/** Lines paid and not yet settled with the supplier (the status index serves the count). */
export function purchaseBacklog(): Promise<number> {
  return db.orderLine.count({ where: { status: { in: ["paid", "purchasing"] } } });
}

/** Whether `newLines` more lines can still be bought within the bound. */
export async function guardPurchaseBacklog(newLines: number): Promise<BacklogGuard> {
  const capacity = purchasesPerMinute() * backlogBoundMinutes;
  const backlog = await purchaseBacklog();
  if (backlog + newLines <= capacity) return { ok: true };
  log.info({ backlog, newLines, capacity }, "checkout refused before payment: the purchase backlog is full");
  return { ok: false, message: backlogBusyMessage, outcome: "busy" };
}
