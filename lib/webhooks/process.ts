// What a claimed delivery does: read the order back from upstream and move the local
// order on, through the same function the reconciler uses. Webhook data never decides a
// state; GET /orders/{id} does (webhooks carry no codes, and may arrive out of order).
import "server-only";
import { countWebhookProcessed } from "@/lib/metrics/observe";
import { refreshLineByUpstreamOrderId } from "@/lib/orders/reconcile";
import { recordOutcome } from "@/lib/webhooks/record";
import { isKnownEvent, type WebhookBody } from "@/lib/webhooks/verify";
import { log } from "@/lib/log";

/**
 * Settles one claimed delivery and records the outcome on its row. Never throws: an
 * error is stored on the row and the reconciler's polling still covers the order.
 */
export async function processWebhookDelivery(rowId: string, body: WebhookBody): Promise<void> {
  try {
    if (!isKnownEvent(body.event)) {
      await recordOutcome(rowId, "ignored", "unknown_event");
      countWebhookProcessed("upstream", "ignored");
      return;
    }
    // All three events mean "this order changed": one read-back handles each of them.
    const result = await refreshLineByUpstreamOrderId(body.data.order_id, { kind: "webhook", deliveryId: body.id });
    const outcome = result === "unknown_order" ? "ignored" : "processed";
    await recordOutcome(rowId, outcome, result);
    countWebhookProcessed("upstream", outcome);
  } catch (error) {
    countWebhookProcessed("upstream", "error");
    const message = error instanceof Error ? `${error.name}: ${error.message}` : "unknown error";
    await recordOutcome(rowId, "error", message).catch(() => {
      log.error({ deliveryRowId: rowId }, "webhook: outcome not recorded");
    });
  }
}
