// Checkout, whoever asks: the checkout form's server action and POST /api/checkout both come
// here. Counts the try against the client's limit, places the order and takes the payment
// (placeOrder), then, after the answer, starts buying it and remembers a signed-in shopper's
// top-up accounts. Prices are computed in lib/orders, never taken from the request.
import "server-only";
import { z } from "zod";
import { runAfterResponse } from "@/lib/http/after-response";
import { consumeClientLimit } from "@/lib/rate-limit/client-limits";
import { rememberOrderTopupAccounts } from "@/lib/topup/saved-accounts";
import { cartItemSchema } from "../cart/checkout-schema";
import { failedAfterChargeMessage, FailedAfterChargeError } from "./failed-after-charge";
import { fulfilPaidOrder } from "../fulfilment/fulfil-order";
import { placeOrder, type PlaceOrderResult } from "./place-order";
import { log } from "@/lib/log";

/** Who is checking out: the signed-in shopper (null for a guest) and the client's address. */
export type Requester = { userId: string | null; ip: string };

type Refused = Extract<PlaceOrderResult, { ok: false }>;

export type CheckoutOutcome =
  | Extract<PlaceOrderResult, { ok: true }>
  | (Refused & { reason: "refused" })
  | { ok: false; reason: "rate_limited"; message: string; retryAfterS: number }
  | { ok: false; reason: "error"; message: string; token?: string };

/**
 * What a shopper reads when something failed on our side before any charge. After a charge the
 * answer says so instead, with the order's token (failed-after-charge.ts).
 */
export const checkoutErrorMessage = "Something went wrong on our side. You were not charged; please try again.";

/** Places and pays one order; never throws (an unexpected error is logged by name only). */
export async function checkout(input: unknown, requester: Requester): Promise<CheckoutOutcome> {
  try {
    const limit = await consumeClientLimit("checkout", requester.ip);
    if (!limit.ok) return { ok: false, reason: "rate_limited", message: limit.message, retryAfterS: limit.retryAfterS };
    // A signed-in shopper owns the order (it appears in /account); a guest's stays unowned.
    const result = await placeOrder(input, { userId: requester.userId, client: { ip: requester.ip } });
    if (!result.ok) return { ...result, reason: "refused" };
    const { orderId } = result;
    const userId = requester.userId;
    // A signed-in shopper is offered this top-up account again next time (encrypted, docs/money-rules.md#m6).
    if (userId)
      runAfterResponse(() =>
        rememberOrderTopupAccounts(userId, orderId, topupItemsOf(input)).catch((err: unknown) =>
          log.warn({ err, orderId }, "checkout: could not save the top-up account"),
        ),
      );
    runAfterResponse(() =>
      fulfilPaidOrder(orderId).catch((err: unknown) =>
        log.warn({ err, orderId }, "checkout: immediate fulfilment failed; the reconciler will retry"),
      ),
    );
    return result;
  } catch (err) {
    if (err instanceof FailedAfterChargeError) {
      log.error(
        { err: err.cause, orderId: err.order.id, charge: err.charge },
        "checkout: finishing the order failed after the payment; the reconciler settles it",
      );
      return { ok: false, reason: "error", message: failedAfterChargeMessage(err), token: err.order.token };
    }
    // The logger keeps an error's class and code only: messages can quote the inputs.
    log.error({ err }, "checkout: placing the order failed");
    return { ok: false, reason: "error", message: checkoutErrorMessage };
  }
}

/** The items' top-up fields as sent (placeOrder parsed the same input strictly before this runs). */
function topupItemsOf(input: unknown): { itemCode: string; fields?: Record<string, string> }[] {
  const parsed = z.object({ items: z.array(cartItemSchema) }).safeParse(input);
  return parsed.success ? parsed.data.items.filter((i) => i.fields) : [];
}
