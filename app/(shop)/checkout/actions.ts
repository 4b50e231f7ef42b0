"use server";
// Checkout mutations: verify a top-up account, place and pay an order. Inputs are parsed
// strictly inside lib/orders; prices are computed there, never taken from the browser.
import { after } from "next/server";
import { cookies } from "next/headers";
import { z } from "zod";
import { getSessionUser } from "@/lib/auth/guards";
import { requestClientIp } from "@/lib/http/request-client";
import { cartCookieName } from "@/lib/orders/cart-cookie";
import { cartItemSchema } from "@/lib/orders/checkout-schema";
import { placeOrder } from "@/lib/orders/place-order";
import { findSellableProduct, type QuoteView } from "@/lib/orders/quote";
import { fulfilPaidOrder } from "@/lib/orders/reconcile";
import { parseRequiredFields } from "@/lib/orders/topup-fields";
import { validateTopupFields } from "@/lib/orders/validate-topup";
import { consumeClientLimit } from "@/lib/rate-limit/client-limits";
import { rememberOrderTopupAccounts } from "@/lib/topup/saved-accounts";
import { log } from "@/lib/log";

export type CheckoutState =
  | { ok: true; token: string; redirectUrl?: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]>; quote?: QuoteView };

/** Places the order and takes the payment; the purchase runs after the response is sent. */
export async function placeOrderAction(input: unknown, fromCart: boolean): Promise<CheckoutState> {
  try {
    const limit = await consumeClientLimit("checkout", await requestClientIp());
    if (!limit.ok) return { ok: false, message: limit.message };
    // A signed-in shopper owns the order (it appears in /account); guests stay null.
    const userId = (await getSessionUser())?.id ?? null;
    const result = await placeOrder(input, { userId, client: { ip: await requestClientIp() } });
    if (!result.ok) return result;
    const orderId = result.orderId;
    // A signed-in shopper is offered this top-up account again next time (encrypted, M6).
    if (userId)
      after(() =>
        rememberOrderTopupAccounts(userId, orderId, topupItemsOf(input)).catch(() =>
          log.warn({ orderId }, "checkout: could not save the top-up account"),
        ),
      );
    after(() =>
      fulfilPaidOrder(orderId).catch(() =>
        log.warn({ orderId }, "checkout: immediate fulfilment failed; the reconciler will retry"),
      ),
    );
    // Hosted payment page (Stripe): the browser goes there (the URL carries no secret); the cart
    // is kept so a shopper who cancels on that page can come back to it.
    if (result.paymentStatus === "requires_redirect")
      return { ok: true, token: result.token, redirectUrl: result.redirectUrl };
    if (fromCart === true) (await cookies()).delete(cartCookieName);
    return { ok: true, token: result.token };
  } catch (err) {
    // Name and code only: messages can quote the inputs (email, encrypted fields).
    log.error({ err }, "checkout: placeOrder failed");
    return { ok: false, message: "Something went wrong. You were not charged twice; please try again." };
  }
}

/** The items' top-up fields as sent (placeOrder parsed the same input strictly before this runs). */
function topupItemsOf(input: unknown): { itemCode: string; fields?: Record<string, string> }[] {
  const parsed = z.object({ items: z.array(cartItemSchema) }).safeParse(input);
  return parsed.success ? parsed.data.items.filter((i) => i.fields) : [];
}

const verifySchema = z
  .object({ itemCode: cartItemSchema.shape.itemCode, fields: z.record(z.string().max(64), z.string().max(256)) })
  .strict();

export type VerifyState =
  { ok: true; displayName: string | null } | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

/** POST /orders/validate-fields for the shopper to confirm the account before paying. */
export async function verifyAccountAction(input: unknown): Promise<VerifyState> {
  const parsed = verifySchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: "Please check the account details." };
  const product = await findSellableProduct(parsed.data.itemCode);
  if (!product) return { ok: false, message: "This product is not available." };
  try {
    const limit = await consumeClientLimit("topupValidation", await requestClientIp());
    if (!limit.ok) return { ok: false, message: limit.message };
    const r = await validateTopupFields(
      product.itemCode,
      parseRequiredFields(product.requiredFields),
      parsed.data.fields,
    );
    return r.ok
      ? { ok: true, displayName: r.displayName }
      : { ok: false, message: r.message, fieldErrors: r.fieldErrors };
  } catch {
    return { ok: false, message: "We could not verify the account right now. Please try again." };
  }
}
