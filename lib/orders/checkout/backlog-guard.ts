// Checkout's purchase-backlog check, before any payment: when the lines already paid and waiting
// for a supplier (`paid` or `purchasing`, shop-wide, counted in the database so every instance
// agrees) plus this order's lines would take longer than backlogBoundMinutes to buy within the
// upstream budgets — every enabled supplier's account buys within its own — the checkout is
// refused ("busy"): nothing is charged for what cannot be bought soon
// (docs/operations.md#when-orders-come-faster-than-the-supplier-can-fill-them).
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { listSuppliers } from "@/lib/suppliers/rows";
import { listSupplierConfigs } from "@/lib/upstream/suppliers";

export const backlogBusyMessage =
  "We are taking orders faster than our supplier can fill them right now. Nothing was charged; please try again in a minute or two.";

/** How many minutes of purchases may wait: a paid shopper waits at most about this long for the supplier. */
export const backlogBoundMinutes = 2;

export type BacklogGuard = { ok: true } | { ok: false; message: string; outcome: "busy" };

/**
 * Purchases the budgets allow per minute: one call each, and purchases may use a whole budget. With
 * several suppliers, the rate limits of the enabled ones add up; suppliers configured with one API
 * key are one account upstream and share one budget (docs/suppliers.md#per-supplier).
 */
export async function purchasesPerMinute(): Promise<number> {
  const configs = listSupplierConfigs();
  if (configs.length < 2) return env.UPSTREAM_RATE_LIMIT;
  const enabled = new Set((await listSuppliers()).filter((s) => s.enabled).map((s) => s.name));
  const byKey = new Map<string, number>();
  for (const c of configs) if (enabled.has(c.name) && !byKey.has(c.apiKey)) byKey.set(c.apiKey, c.rateLimit);
  return [...byKey.values()].reduce((a, b) => a + b, 0);
}

/** Lines paid and not yet settled with the supplier (the status index serves the count). */
export function purchaseBacklog(): Promise<number> {
  return db.orderLine.count({ where: { status: { in: ["paid", "purchasing"] } } });
}

/** Whether `newLines` more lines can still be bought within the bound. */
export async function guardPurchaseBacklog(newLines: number): Promise<BacklogGuard> {
  const capacity = (await purchasesPerMinute()) * backlogBoundMinutes;
  const backlog = await purchaseBacklog();
  if (backlog + newLines <= capacity) return { ok: true };
  log.info({ backlog, newLines, capacity }, "checkout refused before payment: the purchase backlog is full");
  return { ok: false, message: backlogBusyMessage, outcome: "busy" };
}
