// Moves a line after its upstream order changed: the webhook inbox and staff's "reconcile" both
// come here. The read-back (GET /orders/{id}) decides, never the notice itself.
import "server-only";
import { db } from "@/lib/db";
import { processOwner, withLineLease } from "../core/line-lease";
import { pollLine } from "./poll-line";
import type { Cause } from "../core/transition";

export type RefreshCause =
  { kind: "webhook"; deliveryId: string } | { kind: "poll" } | { kind: "staff"; userId?: string };

/**
 * Reads GET /orders/{id} and moves the line holding that order of `supplier` (one supplier's order
 * number never moves a line bought from another: docs/suppliers.md#webhooks), under the line's lease like every other
 * worker of a line, so a webhook and the reconciler never act on one line at once.
 * "unknown_order" when no line carries that upstream order id (yet); "busy" when another worker
 * holds the line (it will apply what the upstream says).
 */
export async function refreshLineByUpstreamOrderId(
  upstreamOrderId: number,
  cause: RefreshCause,
  now: Date = new Date(),
  supplier = "main",
): Promise<"updated" | "unchanged" | "unknown_order" | "busy"> {
  const line = await db.orderLine.findUnique({
    where: { supplier_upstreamOrderId: { supplier, upstreamOrderId } },
    select: { id: true, status: true },
  });
  if (!line) return "unknown_order";
  // A line already settled is not read again (a second webhook for a final order costs nothing).
  if (line.status !== "purchasing" && line.status !== "pending_upstream") return "unchanged";
  const causeRef = cause.kind === "webhook" ? cause.deliveryId : cause.kind === "staff" ? cause.userId : undefined;
  let result: "updated" | "unchanged" = "unchanged";
  const worked = await withLineLease(line.id, processOwner, now, async () => {
    result = await pollLine(line.id, { now, cause: cause.kind as Cause, causeRef });
  });
  // Another worker has the line: make it due now, so what this notice announced is read at once after.
  if (!worked)
    await db.orderLine.updateMany({ where: { id: line.id, status: "pending_upstream" }, data: { nextCheckAt: now } });
  return worked ? result : "busy";
}
