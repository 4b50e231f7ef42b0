// Reads a pending upstream order (GET /orders/{id}) and applies it to its line.
import "server-only";
import { db } from "@/lib/db";
import { applyUpstreamOrder } from "./apply-upstream-order";
import { recordedCall } from "./record-call";
import { nextPollAt } from "../core/schedule";
import type { Cause } from "../core/transition";
import { ordersUpstream } from "../core/upstream-port";

/** One poll; on an upstream error the line is simply looked at again later (docs/money-rules.md#m4). */
export async function pollLine(
  lineId: string,
  opts: { now: Date; cause: Cause; causeRef?: string },
): Promise<"updated" | "unchanged"> {
  const line = await db.orderLine.findUnique({ where: { id: lineId } });
  if (!line || line.upstreamOrderId === null) return "unchanged";
  if (line.status !== "pending_upstream" && line.status !== "purchasing") return "unchanged";
  const orderId = line.upstreamOrderId;
  const ctx = { orderId: line.orderId, lineId, supplier: line.supplier, now: () => opts.now };
  try {
    const order = await recordedCall(ctx, "GET /orders/{id}", () =>
      ordersUpstream(line.supplier).getOrder(orderId, { priority: "poll" }),
    );
    return await applyUpstreamOrder(lineId, order, opts);
  } catch {
    await db.orderLine.updateMany({
      where: { id: lineId, status: line.status },
      data: { checks: { increment: 1 }, nextCheckAt: nextPollAt(opts.now, line.checks + 1) },
    });
    return "unchanged";
  }
}
