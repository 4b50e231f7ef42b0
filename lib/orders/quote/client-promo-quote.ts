// A client's promo code tries (the checkout form's "Apply", the quote API, checkout itself): each
// try counts against the client's one promoCodes limit, so codes cannot be found by guessing
// through any of them, and a refused code comes back with the quote without it and the reason in
// the shopper's words. Past the limit every code gets the same answer.
import "server-only";
import { consumeClientLimit } from "@/lib/rate-limit/client-limits";
import type { Shopper } from "@/lib/promos/find-promo";
import type { CartItem } from "../cart/checkout-schema";
import { walletQuoteForClient, type ClientQuote } from "./client-quote";
import { marketPromoProblem, priceInMarket } from "./market-quote";
import { applyPromoToQuote, type PromoQuote } from "./promo-quote";
import type { Quote } from "./quote";

export type ClientPromoQuote =
  ClientQuote | { ok: true; quote: Extract<ClientQuote, { ok: true }>["quote"]; promoProblem: string };

/**
 * The live quote for `ip` with `code` applied when it can be, in the market asked for: the code
 * works in the wallet currency, then the quote is converted (market-quote.ts). Throws QuoteError
 * as quoteItems does.
 */
export async function quoteWithPromoForClient(
  items: CartItem[],
  code: string,
  ip: string,
  opts: { now?: Date; shopper?: Shopper; market?: string } = {},
): Promise<ClientPromoQuote> {
  const limit = await consumeClientLimit("promoCodes", ip);
  if (!limit.ok) return limit;
  const base = await walletQuoteForClient(items, ip, { market: opts.market, now: opts.now });
  if (!base.ok) return base;
  const applied = await applyPromoToQuote(base.quote, code, { now: opts.now ?? new Date(), shopper: opts.shopper });
  const priced = applied.ok ? await priceInMarket(applied.quote, base.sale) : null;
  const problem = applied.ok ? marketPromoProblem(priced!) : applied.message;
  return problem === null
    ? { ok: true, quote: priced! }
    : { ok: true, quote: await priceInMarket(base.quote, base.sale), promoProblem: problem };
}

/** `code` applied to a quote at checkout, counted as one try of `ip`'s; past the limit, the limit's message. */
export async function applyPromoForClient(
  quote: Quote,
  code: string,
  ip: string,
  opts: { now: Date; shopper?: Shopper },
): Promise<PromoQuote> {
  const limit = await consumeClientLimit("promoCodes", ip);
  if (!limit.ok) return { ok: false, message: limit.message };
  return applyPromoToQuote(quote, code, opts);
}
