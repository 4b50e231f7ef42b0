// The reconciler: finishes everything that is paid but not terminal (M3), with webhooks on
// or off. Also the entry point webhooks and staff use to move a line after an upstream change.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { releaseLeasesOfGoneInstances } from "@/lib/instance";
import { getPaymentProvider } from "@/lib/payments";
import { cancelAbandonedCheckouts, markPaymentFailed, markPaymentSucceeded } from "./confirm-payment";
import { fulfilLine } from "./fulfil-line";
import { processOwner, withLineLease } from "./line-lease";
import { pollLine } from "./poll-line";
import { nextRetryAt } from "./schedule";
import type { Cause } from "./transition";

export type RefreshCause = { kind: "webhook"; deliveryId: string } | { kind: "poll" } | { kind: "staff"; userId?: string };

/**
 * Reads GET /orders/{id} and moves the matching line (webhook receiver, staff "reconcile").
 * "unknown_order" when no line carries that upstream order id (yet).
 */
export async function refreshLineByUpstreamOrderId(
  upstreamOrderId: number,
  cause: RefreshCause,
  now: Date = new Date(),
): Promise<"updated" | "unchanged" | "unknown_order"> {
  const line = await db.orderLine.findUnique({ where: { upstreamOrderId }, select: { id: true } });
  if (!line) return "unknown_order";
  const causeRef = cause.kind === "webhook" ? cause.deliveryId : cause.kind === "staff" ? cause.userId : undefined;
  return pollLine(line.id, { now, cause: cause.kind as Cause, causeRef });
}

const workStatuses = ["paid", "purchasing", "pending_upstream", "failed"];

/**
 * One pass: confirms pending payments, then works every due line it can lease. `clock` is read
 * again for every line, so a lease is stamped with the time it is taken, not the pass's start
 * (a pass can spend minutes on earlier lines). One line or payment that throws is deferred and
 * logged; it never stops the pass, so it can never starve every other line (M3).
 */
export async function reconcileOnce(
  opts: { now?: Date; clock?: () => Date; owner?: string; limit?: number } = {},
): Promise<{ payments: number; lines: number }> {
  const fixed = opts.now;
  const clock = opts.clock ?? (fixed ? () => fixed : () => new Date());
  const now = clock();
  const owner = opts.owner ?? processOwner;
  const payments = await confirmPendingPayments(now);
  await cancelAbandonedCheckouts(now).catch(() => console.error("reconciler: abandoned checkouts not cancelled this pass"));
  // A dead instance's lines are due again now, not when their leases run out.
  await releaseLeasesOfGoneInstances();
  const due = await db.orderLine.findMany({
    where: { status: { in: workStatuses }, nextCheckAt: { lte: now }, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: { nextCheckAt: "asc" },
    take: opts.limit ?? 50,
    select: { id: true, status: true },
  });
  let lines = 0;
  for (const line of due) {
    const at = clock();
    try {
      const worked = await withLineLease(line.id, owner, at, async () => {
        if (line.status === "pending_upstream") await pollLine(line.id, { now: at, cause: "poll" });
        else await fulfilLine(line.id, { now: at, cause: "reconciler" });
      });
      if (worked) lines++;
    } catch (err) {
      await deferLine(line.id, at);
      console.error("reconciler: line deferred after an error:", err instanceof Error ? err.name : "error");
    }
  }
  return { payments, lines };
}

/** Pushes a line that threw back by a minute (same status, same key), so the queue moves on. */
async function deferLine(lineId: string, now: Date): Promise<void> {
  await db.orderLine
    .updateMany({ where: { id: lineId, status: { in: workStatuses } }, data: { checks: { increment: 1 }, nextCheckAt: nextRetryAt(now, 3) } })
    .catch(() => console.error("reconciler: could not defer a line"));
}

async function confirmPendingPayments(now: Date): Promise<number> {
  const pending = await db.payment.findMany({ where: { status: "pending" }, orderBy: { createdAt: "asc" }, take: 50 });
  const provider = getPaymentProvider();
  let changed = 0;
  for (const p of pending) {
    try {
      const r = await provider.confirmPayment(p.providerRef, now, { createdAt: p.createdAt });
      if (r.status === "succeeded") changed += Number(await markPaymentSucceeded(p.id, { now, cause: "payment" }));
      if (r.status === "failed") changed += Number(await markPaymentFailed(p.id, r.failureReason ?? "Payment failed.", { now, cause: "payment" }));
    } catch (err) {
      // A provider outage for one payment must not stop the others, nor the purchases below.
      console.error("reconciler: payment check failed:", err instanceof Error ? err.name : "error");
    }
  }
  return changed;
}

/** Buys the lines of a just-paid order right away (the reconciler is the safety net). */
export async function fulfilPaidOrder(orderId: string, now?: Date): Promise<void> {
  const lines = await db.orderLine.findMany({ where: { orderId, status: "paid" }, select: { id: true } });
  for (const line of lines) {
    // Each lease is stamped when it is taken: earlier lines may have taken minutes.
    const at = now ?? new Date();
    await withLineLease(line.id, processOwner, at, () => fulfilLine(line.id, { now: at, cause: "purchase" }));
  }
}

let timer: ReturnType<typeof setInterval> | null = null;

/** Runs reconcileOnce every RECONCILE_INTERVAL_MS in this process; no-op when BACKGROUND_JOBS=false. */
export function startReconciler(): void {
  if (timer || !env.BACKGROUND_JOBS) return;
  let running = false;
  timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileOnce()
      .catch((err) => console.error("reconciler:", err instanceof Error ? err.message : "error"))
      .finally(() => {
        running = false;
      });
  }, env.RECONCILE_INTERVAL_MS);
  timer.unref?.();
}

/** Stops the interval (tests, shutdown). */
export function stopReconciler(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
