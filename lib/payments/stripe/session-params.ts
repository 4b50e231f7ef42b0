// What a Stripe Checkout Session is created with: the shop's own prices as minor-unit line
// items, the buyer's email, the order reference, return URLs to the order page.
import "server-only";
import type Stripe from "stripe";
import { env } from "@/lib/env";
import type { CreatePaymentInput } from "../provider";
import { toMinorUnits } from "./amounts";

/** The idempotency key for an order's session: a double-submitted checkout gets one session. */
export function sessionIdempotencyKey(orderId: string): string {
  return `shop-checkout-session-${orderId}`;
}

/** Builds the create-session parameters; throws if the lines don't add up to the order total. */
export function buildSessionParams(input: CreatePaymentInput): Stripe.Checkout.SessionCreateParams {
  const currency = input.currency.toLowerCase();
  const lines = input.lines ?? [];
  if (!input.orderToken || !input.email || lines.length === 0)
    throw new Error("Stripe Checkout needs the order token, email and lines");
  const lineItems = lines.map((l) => {
    const unit = toMinorUnits(l.unitPrice, input.currency);
    const total = toMinorUnits(l.lineTotal, input.currency);
    // A line total that isn't exactly unit × quantity is charged as one item of the line total.
    const exact = unit * l.quantity === total;
    return {
      quantity: exact ? l.quantity : 1,
      price_data: {
        currency,
        unit_amount: exact ? unit : total,
        product_data: { name: exact ? l.name : `${l.quantity} × ${l.name}` },
      },
    };
  });
  const sum = lineItems.reduce((n, li) => n + li.price_data.unit_amount * li.quantity, 0);
  if (sum !== toMinorUnits(input.amount, input.currency))
    throw new Error("line items do not add up to the order total");
  const orderUrl = `${env.APP_URL}/orders/${input.orderToken}`;
  return {
    mode: "payment",
    customer_email: input.email,
    client_reference_id: input.orderId,
    line_items: lineItems,
    metadata: { order_id: input.orderId },
    payment_intent_data: { metadata: { order_id: input.orderId } },
    success_url: `${orderUrl}?payment=return`,
    cancel_url: `${orderUrl}?payment=cancelled`,
    expires_at: Math.floor(input.now.getTime() / 1000) + env.STRIPE_SESSION_TTL_MIN * 60,
  };
}
