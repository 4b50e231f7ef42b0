// Operational health for the dashboard: orders by state, pending upstream lines, the shared
// upstream budget, the last catalog sync, webhook health, held payments and emails. Small indexed queries only.
import "server-only";
import { db } from "@/lib/db";

export type Health = Awaited<ReturnType<typeof getHealth>>;

/** Everything on the overview except money and balance. */
export async function getHealth(now: Date = new Date()) {
  const hourAgo = new Date(now.getTime() - 60 * 60_000);
  const pendingWhere = { status: { in: ["purchasing", "pending_upstream"] } };
  const [
    byState,
    pendingCount,
    oldestPending,
    budget,
    lastSync,
    lastAccepted,
    rejectedLastHour,
    held,
    oldestHeld,
    emailsFailed,
    emailsWaiting,
  ] = await Promise.all([
    db.order.groupBy({ by: ["status"], _count: { _all: true } }),
    db.orderLine.count({ where: pendingWhere }),
    db.orderLine.findFirst({
      where: pendingWhere,
      orderBy: { createdAt: "asc" },
      select: { id: true, orderId: true, createdAt: true, firstAttemptAt: true },
    }),
    db.upstreamBudget.findFirst({ orderBy: { updatedAt: "desc" } }),
    db.syncRun.findFirst({ orderBy: { startedAt: "desc" } }),
    db.webhookDelivery.findFirst({
      where: { status: { not: "rejected" } },
      orderBy: { receivedAt: "desc" },
      select: { receivedAt: true, event: true, status: true },
    }),
    db.webhookDelivery.count({ where: { status: "rejected", receivedAt: { gte: hourAgo } } }),
    // Held payments: money captured that staff must release or refund (lib/orders/payment/held-payments.ts).
    db.payment.count({ where: { status: "held" } }),
    db.payment.findFirst({ where: { status: "held" }, orderBy: { createdAt: "asc" }, select: { orderId: true } }),
    // Emails the outbox worker gave up on (staff may retry them) and emails still on their way.
    db.outboxEmail.count({ where: { status: "failed" } }),
    db.outboxEmail.count({ where: { status: { in: ["outbox", "sending"] } } }),
  ]);
  const since = oldestPending ? (oldestPending.firstAttemptAt ?? oldestPending.createdAt) : null;
  return {
    ordersByState: byState.map((r) => ({ status: r.status, count: r._count._all })).sort((a, b) => b.count - a.count),
    pending: {
      count: pendingCount,
      oldestOrderId: oldestPending?.orderId ?? null,
      oldestAgeMs: since ? now.getTime() - since.getTime() : null,
    },
    budget: budget
      ? {
          used: budget.used,
          limit: budget.limit,
          windowStart: budget.windowStart,
          blockedUntil: budget.blockedUntil && budget.blockedUntil > now ? budget.blockedUntil : null,
        }
      : null,
    lastSync,
    webhooks: { lastAccepted, rejectedLastHour },
    heldPayments: { count: held, oldestOrderId: oldestHeld?.orderId ?? null },
    emails: { failed: emailsFailed, waiting: emailsWaiting },
  };
}
