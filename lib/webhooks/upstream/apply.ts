// What a claimed upstream delivery does: read the order back from upstream and move the local
// order on, through the same function the reconciler uses. Webhook data never decides a state;
// GET /orders/{id} does (webhooks carry no codes, and may arrive out of order).
import "server-only";
import { refreshLineByUpstreamOrderId } from "@/lib/orders/fulfilment/refresh-line";
import { MAIN_SUPPLIER } from "@/lib/upstream/suppliers";
import type { Applied } from "@/lib/webhooks/source";
import { isKnownEvent, type WebhookBody } from "./verify";

/**
 * Applies one delivery of `supplier` at `now` (the inbox's clock); it moves only a line bought from
 * that supplier (docs/suppliers.md#webhooks). An error is thrown to the inbox, which stores it on
 * the delivery's row.
 */
export async function applyUpstreamDelivery(
  body: WebhookBody,
  supplier: string = MAIN_SUPPLIER,
  now: Date = new Date(),
): Promise<Applied> {
  if (!isKnownEvent(body.event)) return { status: "ignored", reason: "unknown_event" };
  const cause = { kind: "webhook", deliveryId: body.id } as const;
  // All three events mean "this order changed": one read-back handles each of them.
  const result = await refreshLineByUpstreamOrderId(body.data.order_id, cause, now, supplier);
  if (result === "unknown_order") return { status: "ignored", reason: "unknown_order" };
  return { status: "processed", reason: result };
}
