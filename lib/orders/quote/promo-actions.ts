"use server";
// The checkout form's promo code: apply (or remove) a code and get the live quote back with
// the discount, or the reason it cannot be used. Prices are computed in lib/orders, never taken
// from the browser; the use is only claimed when the order is placed.
import { z } from "zod";
import { getSessionUser } from "@/lib/auth/guards";
import { runAction } from "@/lib/http/action";
import { requestClientIp } from "@/lib/http/request-client";
import { cartItemSchema, marketSlugSchema } from "@/lib/orders/cart/checkout-schema";
import { quoteForClient } from "@/lib/orders/quote/client-quote";
import { quoteWithPromoForClient } from "@/lib/orders/quote/client-promo-quote";
import { mergeIdenticalLines } from "@/lib/orders/cart/merge-lines";
import { toQuoteView, type QuoteView } from "@/lib/orders/quote/quote";
import { promoInputSchema } from "@/lib/promos/promo-terms";

export type PromoState = { ok: true; quote: QuoteView } | { ok: false; message: string; quote?: QuoteView };

const promoRequestSchema = z
  .object({ items: z.array(cartItemSchema).min(1).max(20), promoCode: promoInputSchema, market: marketSlugSchema })
  .strict();

/** Quotes the cart with `promoCode` applied; an empty code quotes it without one (Remove). */
export async function applyPromoAction(input: unknown): Promise<PromoState> {
  const spec = {
    name: "promo-quote",
    schema: promoRequestSchema,
    input,
    invalidMessage: "Enter the code as you received it.",
    failMessage: "We could not check this code right now. Please try again.",
  };
  return runAction(spec, async (data): Promise<PromoState> => {
    // Top-up fields are not needed for a price: only item codes and quantities are quoted.
    const items = mergeIdenticalLines(data.items.map(({ itemCode, quantity }) => ({ itemCode, quantity })));
    const ip = await requestClientIp();
    if (!data.promoCode) {
      const plain = await quoteForClient(items, ip, { market: data.market });
      return plain.ok ? { ok: true, quote: toQuoteView(plain.quote) } : { ok: false, message: plain.message };
    }
    const user = await getSessionUser();
    const shopper = user ? { email: user.email, userId: user.id } : undefined;
    const r = await quoteWithPromoForClient(items, data.promoCode, ip, { shopper, market: data.market });
    if (!r.ok) return { ok: false, message: r.message };
    if ("promoProblem" in r) return { ok: false, message: r.promoProblem, quote: toQuoteView(r.quote) };
    return { ok: true, quote: toQuoteView(r.quote) };
  });
}
