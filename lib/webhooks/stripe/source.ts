// Stripe as a webhook sender: Checkout events signed with the endpoint secret. Applied before
// answering (it is a few database writes): an error gives the claim back and answers 500, so
// Stripe's retry of the same event is applied. Buying a just-paid order runs after the answer.
import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import type { WebhookSource } from "@/lib/webhooks/source";
import { handleStripeEvent } from "./apply";
import { verifyStripeEvent } from "./verify";

export type StripeWebhookOptions = {
  /** Endpoint secret; defaults to STRIPE_WEBHOOK_SECRET. */
  secret?: string;
  /** Starts buying a just-paid order; defaults to fulfilPaidOrder after the response. */
  onPaid?: (orderId: string) => void | Promise<void>;
};

/** The claim key; prefixed so a Stripe id can never collide with an upstream delivery id. */
export function stripeClaimKey(eventId: string): string {
  return `stripe:${eventId}`;
}

export function stripeWebhooks(opts: StripeWebhookOptions = {}): WebhookSource<Stripe.Event> {
  const onPaid = opts.onPaid ?? ((orderId: string) => fulfilPaidOrder(orderId).then(() => undefined));
  return {
    name: "stripe",
    settle: "inline",
    verify(raw, headers, nowMs) {
      const verified = verifyStripeEvent(
        raw,
        headers.get("stripe-signature"),
        opts.secret ?? env.STRIPE_WEBHOOK_SECRET,
        nowMs,
      );
      if (!verified.ok) return { ok: false, reason: verified.reason, status: 400 };
      const event = verified.event;
      return {
        ok: true,
        body: event,
        claim: { key: stripeClaimKey(event.id), deliveryId: event.id, event: event.type, secretUsed: "current" },
      };
    },
    parseStored: (text) => JSON.parse(text) as Stripe.Event,
    async apply(event, now) {
      const outcome = await handleStripeEvent(event, now);
      const paid = outcome.paidOrderId;
      return {
        status: outcome.status,
        reason: outcome.reason,
        afterwards: paid ? async () => onPaid(paid) : undefined,
      };
    },
  };
}
