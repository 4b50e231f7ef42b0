// One name per checkout outcome, for the shop_checkouts_total metric (docs/operations.md).
import "server-only";
import { countCheckout, type CheckoutOutcome } from "@/lib/metrics/observe";
import type { PlaceOrderResult } from "./take-payment";

/** paid / pending / redirect when accepted; else the refusal's own name, the form's, or the live quote's. */
export function checkoutOutcome(r: PlaceOrderResult): CheckoutOutcome {
  if (r.ok)
    return r.paymentStatus === "succeeded" ? "paid" : r.paymentStatus === "requires_redirect" ? "redirect" : "pending";
  if (r.outcome) return r.outcome;
  // A live quote comes back when the price changed or a line cannot be sold now (stock, margin).
  return r.quote ? "changed" : "invalid";
}

/** Counts the outcome and hands the result on. */
export function countCheckoutOutcome(r: PlaceOrderResult): PlaceOrderResult {
  countCheckout(checkoutOutcome(r));
  return r;
}
