"use server";
// Checkout mutations: verify a top-up account, place and pay an order. Inputs are parsed
// strictly inside lib/orders; prices are computed there, never taken from the browser.
import { cookies } from "next/headers";
import { z } from "zod";
import { getSessionUser } from "@/lib/auth/guards";
import { runAction } from "@/lib/http/action";
import { requestClientIp } from "@/lib/http/request-client";
import { cartCookieName } from "@/lib/orders/cart/cart-cookie";
import { cartItemSchema } from "@/lib/orders/cart/checkout-schema";
import { checkout } from "@/lib/orders/checkout/checkout";
import { orderPagePath } from "@/lib/orders/checkout/failed-after-charge";
import type { QuoteView } from "@/lib/orders/quote/quote";
import { findSellableProduct } from "@/lib/orders/quote/sellable";
import { parseRequiredFields } from "@/lib/orders/quote/topup-fields";
import { validateTopupFields } from "@/lib/orders/quote/validate-topup";
import { consumeClientLimit } from "@/lib/rate-limit/client-limits";

export type CheckoutState =
  | { ok: true; token: string; redirectUrl?: string }
  | {
      ok: false;
      message: string;
      fieldErrors?: Record<string, string[]>;
      quote?: QuoteView;
      /** The order exists and the card was charged: the form links it and offers no second payment. */
      orderPath?: string;
    };

/** The action's own arguments; the checkout input itself is parsed strictly by checkout(). */
const placeOrderArgs = z.object({ input: z.unknown(), fromCart: z.boolean() }).strict();

/** Places the order and takes the payment; the purchase runs after the response is sent. */
export async function placeOrderAction(input: unknown, fromCart: boolean): Promise<CheckoutState> {
  return runAction(
    { name: "checkout", schema: placeOrderArgs, input: { input, fromCart } },
    async (args): Promise<CheckoutState> => {
      const result = await checkout(args.input, {
        userId: (await getSessionUser())?.id ?? null,
        ip: await requestClientIp(),
      });
      if (!result.ok)
        return {
          ok: false,
          message: result.message,
          ...("fieldErrors" in result ? { fieldErrors: result.fieldErrors, quote: result.quote } : {}),
          ...("token" in result && result.token ? { orderPath: orderPagePath(result.token) } : {}),
        };
      // Hosted payment page (Stripe): the browser goes there (the URL carries no secret); the cart
      // is kept so a shopper who cancels on that page can come back to it.
      if (result.paymentStatus === "requires_redirect")
        return { ok: true, token: result.token, redirectUrl: result.redirectUrl };
      if (args.fromCart) (await cookies()).delete(cartCookieName);
      return { ok: true, token: result.token };
    },
  );
}

const verifySchema = z
  .object({ itemCode: cartItemSchema.shape.itemCode, fields: z.record(z.string().max(64), z.string().max(256)) })
  .strict();

export type VerifyState =
  | { ok: true; displayName: string | null; proof: string | null }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]> };

/**
 * POST /orders/validate-fields for the shopper to confirm the account before paying; the proof
 * sent back with the order spares checkout the same call (lib/orders/quote/account-proof.ts).
 */
export async function verifyAccountAction(input: unknown): Promise<VerifyState> {
  const spec = {
    name: "verify-account",
    schema: verifySchema,
    input,
    invalidMessage: "Please check the account details.",
    failMessage: "We could not verify the account right now. Please try again.",
  };
  return runAction(spec, async ({ itemCode, fields }): Promise<VerifyState> => {
    const product = await findSellableProduct(itemCode);
    if (!product) return { ok: false, message: "This product is not available." };
    const limit = await consumeClientLimit("topupValidation", await requestClientIp());
    if (!limit.ok) return { ok: false, message: limit.message };
    const r = await validateTopupFields(product.itemCode, parseRequiredFields(product.requiredFields), fields);
    return r.ok
      ? { ok: true, displayName: r.displayName, proof: r.proof }
      : { ok: false, message: r.message, fieldErrors: r.fieldErrors };
  });
}
