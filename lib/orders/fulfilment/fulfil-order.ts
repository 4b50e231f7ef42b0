// "Start buying this order": the lines of a just-paid order are bought right away, each under
// its lease; whatever this misses (a crash, a busy line) the reconciler picks up (docs/money-rules.md#m3).
import "server-only";
import { db } from "@/lib/db";
import { fulfilLine } from "./fulfil-line";
import { processOwner, withLineLease } from "../core/line-lease";

/** Buys the paid lines of an order now (checkout, a confirmed payment, a released hold). */
export async function fulfilPaidOrder(orderId: string, now?: Date): Promise<void> {
  const lines = await db.orderLine.findMany({ where: { orderId, status: "paid" }, select: { id: true } });
  for (const line of lines) {
    // Each lease is stamped when it is taken: earlier lines may have taken minutes.
    const at = now ?? new Date();
    await withLineLease(line.id, processOwner, at, () => fulfilLine(line.id, { now: at, cause: "purchase" }));
  }
}
