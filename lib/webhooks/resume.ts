// Deliveries that were claimed and acknowledged but never settled (the process stopped between
// the claim and applying it). The sender's retry of the same id is answered "duplicate", so
// nothing else would apply it: this finishes each one from the stored, already verified body —
// upstream deliveries and Stripe events alike. Run by a periodic job.
import "server-only";
import type Stripe from "stripe";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/reconcile";
import { handleStripeEvent } from "@/lib/payments/stripe/handle-event";
import { processWebhookDelivery } from "@/lib/webhooks/process";
import { recordOutcome } from "@/lib/webhooks/record";
import { webhookBodySchema } from "@/lib/webhooks/verify";

/**
 * Settles claimed deliveries older than `staleMs` that have no outcome yet. Each row is taken
 * with a conditional update, so two instances running this never both settle one delivery.
 */
export async function resumeUnsettledDeliveries(nowMs = Date.now(), staleMs = 60_000): Promise<number> {
  const stale = await db.webhookDelivery.findMany({
    where: { status: "accepted", reason: null, receivedAt: { lt: new Date(nowMs - staleMs) } },
    orderBy: { receivedAt: "asc" },
    take: 50,
    select: { id: true, body: true, source: true },
  });
  let resumed = 0;
  for (const row of stale) {
    const taken = await db.webhookDelivery.updateMany({
      where: { id: row.id, status: "accepted", reason: null },
      data: { reason: "resumed" },
    });
    if (taken.count !== 1) continue;
    try {
      if (row.source === "stripe") await resumeStripeEvent(row.id, row.body, new Date(nowMs));
      // The body was verified when it was received; it is parsed again only to type it.
      else await processWebhookDelivery(row.id, webhookBodySchema.parse(JSON.parse(row.body)));
      resumed++;
    } catch (error) {
      await recordOutcome(row.id, "error", `resume failed: ${error instanceof Error ? error.name : "error"}`).catch(
        () => undefined,
      );
    }
  }
  return resumed;
}

async function resumeStripeEvent(rowId: string, body: string, now: Date): Promise<void> {
  const event = JSON.parse(body) as Stripe.Event;
  const outcome = await handleStripeEvent(event, now);
  await recordOutcome(rowId, outcome.status, `resumed: ${outcome.reason}`);
  if (outcome.paidOrderId) await fulfilPaidOrder(outcome.paidOrderId, now);
}
