// One order for staff: lines, payments, refunds, and one merged timeline of everything that
// happened to it (events, upstream calls, webhooks for its upstream ids, emails, staff audit).
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { db, type Prisma } from "@/lib/db";
import { webhookSourceNameOf } from "@/lib/webhooks/upstream/source";

export type TimelineEntry = {
  at: Date;
  source: "event" | "upstream" | "webhook" | "email" | "audit";
  title: string;
  detail?: string;
};

/** The order with everything the detail page shows; null when there is no such order. Never decrypts. */
export async function getAdminOrder(orderId: string) {
  await requirePermission("orders.read");
  const order = await db.order.findUnique({
    where: { id: orderId },
    include: {
      user: { select: { id: true, email: true } },
      lines: { orderBy: { createdAt: "asc" }, include: { refunds: { orderBy: { createdAt: "asc" } } } },
      payments: { orderBy: { createdAt: "asc" } },
      refunds: { orderBy: { createdAt: "asc" } },
      events: { orderBy: { createdAt: "asc" }, take: 500 },
      calls: { orderBy: { createdAt: "asc" }, take: 500 },
      emails: {
        orderBy: { createdAt: "asc" },
        take: 100,
        select: { id: true, kind: true, to: true, subject: true, status: true, createdAt: true, sentAt: true },
      },
    },
  });
  if (!order) return null;
  // Each line's order is its supplier's: main's order 7 and b's order 7 are two orders, so a
  // delivery is the line's only when its sender is the line's supplier (docs/suppliers.md#staff).
  const upstreamOrders: Prisma.WebhookDeliveryWhereInput[] = order.lines
    .filter((l) => l.upstreamOrderId !== null)
    .map((l) => ({ source: webhookSourceNameOf(l.supplier), upstreamOrderId: l.upstreamOrderId }));
  const lineNames = new Map(order.lines.map((l, i) => [l.id, `Line ${i + 1} (${l.productName})`]));
  const [webhooks, audits, attempts] = await Promise.all([
    upstreamOrders.length
      ? db.webhookDelivery.findMany({
          where: { OR: upstreamOrders },
          orderBy: { receivedAt: "asc" },
          take: 200,
          select: {
            id: true,
            deliveryId: true,
            event: true,
            upstreamOrderId: true,
            status: true,
            reason: true,
            receivedAt: true,
          },
        })
      : Promise.resolve([]),
    db.auditLog.findMany({
      where: { targetType: "order", targetId: order.id },
      orderBy: { createdAt: "asc" },
      take: 200,
    }),
    // Every supplier each line was tried at, and why it moved on (docs/suppliers.md#failover).
    db.purchaseAttempt.findMany({
      where: { lineId: { in: order.lines.map((l) => l.id) } },
      orderBy: { createdAt: "asc" },
      select: { lineId: true, supplier: true, itemCode: true, outcome: true, reason: true, createdAt: true },
    }),
  ]);
  const attemptsByLine = new Map<string, typeof attempts>();
  for (const a of attempts) attemptsByLine.set(a.lineId, [...(attemptsByLine.get(a.lineId) ?? []), a]);
  const timeline: TimelineEntry[] = [
    ...order.events.map((e) => ({
      at: e.createdAt,
      source: "event" as const,
      // Say whose move it is: the order's, or which line's (they move together at payment).
      title: `${eventSubject(e.lineId, lineNames)} ${e.kind}${e.fromStatus || e.toStatus ? `: ${e.fromStatus ?? "—"} → ${e.toStatus ?? "—"}` : ""}`,
      detail: `${e.message} (${e.cause}${e.causeRef ? ` ${e.causeRef}` : ""})`,
    })),
    ...order.calls.map((c) => ({
      at: c.createdAt,
      source: "upstream" as const,
      title: `${c.endpoint} → ${c.httpStatus ?? "no response"} ${c.outcome}`,
      detail: `${c.durationMs} ms${c.upstreamOrderId ? ` · upstream order ${c.upstreamOrderId}` : ""}`,
    })),
    ...webhooks.map((w) => ({
      at: w.receivedAt,
      source: "webhook" as const,
      title: `${w.event ?? "unknown event"} (${w.status})`,
      detail: `${w.deliveryId ?? "no id"}${w.reason ? ` · ${w.reason}` : ""}`,
    })),
    ...order.emails.map((m) => ({
      at: m.createdAt,
      source: "email" as const,
      title: `Email ${m.kind} (${m.status})`,
      detail: `${m.subject} → ${m.to}`,
    })),
    ...audits.map((a) => ({
      at: a.createdAt,
      source: "audit" as const,
      title: `${a.action} by ${a.actorEmail}`,
      detail: a.after ?? undefined,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return { order, webhooks, audits, timeline, attemptsByLine };
}

function eventSubject(lineId: string | null, lineNames: Map<string, string>): string {
  return lineId ? (lineNames.get(lineId) ?? "Line") : "Order";
}

export type AdminOrder = NonNullable<Awaited<ReturnType<typeof getAdminOrder>>>;
