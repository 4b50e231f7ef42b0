// The quote a shopper's client asks for (the quote API, the checkout page): identical lines
// merged, at most clientLimits.quoteLines live checks per client, and a check of the same SKU
// and quantity from the last few seconds reused. One client can no longer spend the upstream
// budget every shopper's checkout shares (docs/going-live.md#per-client-limits). The quote is
// priced in the market asked for (the default one when none is), market-quote.ts.
import "server-only";
import { consumeClientLimit, type LimitOutcome } from "@/lib/rate-limit/client-limits";
import { checkReuseMs } from "./check-cache";
import type { CartItem } from "../cart/checkout-schema";
import { mergeIdenticalLines } from "../cart/merge-lines";
import { marketForSale, priceInMarket, type SaleMarket } from "./market-quote";
import { notOfferedCodes } from "./market-offers";
import { QuoteError, quoteItems, type Quote } from "./quote";

export type ClientQuote = { ok: true; quote: Quote } | Extract<LimitOutcome, { ok: false }>;

type ClientQuoteOptions = { signal?: AbortSignal; market?: string; now?: Date };

/**
 * Quotes for `ip` in the wallet currency, with the market it will be sold in; throws QuoteError as
 * quoteItems does, and MarketUnavailableError (a QuoteError) before any check when the market
 * cannot sell now, or a QuoteError when it does not offer a line's product (market-offers.ts).
 */
export async function walletQuoteForClient(
  items: CartItem[],
  ip: string,
  opts: ClientQuoteOptions = {},
): Promise<(ClientQuote & { ok: true; sale: SaleMarket }) | Extract<ClientQuote, { ok: false }>> {
  const sale = await marketForSale(opts.market, opts.now ?? new Date());
  const notOffered = await notOfferedCodes(
    sale.market,
    items.map((i) => i.itemCode),
  );
  if (notOffered) throw new QuoteError(notOffered);
  const lines = mergeIdenticalLines(items);
  const limit = await consumeClientLimit("quoteLines", ip, { cost: lines.length });
  if (!limit.ok) return limit;
  const quote = await quoteItems(lines, { signal: opts.signal, reuseChecksMs: checkReuseMs, now: opts.now });
  return { ok: true, quote, sale };
}

/** Quotes for `ip` in the market's currency, or says how long it must wait; throws QuoteError as quoteItems does. */
export async function quoteForClient(
  items: CartItem[],
  ip: string,
  opts: ClientQuoteOptions = {},
): Promise<ClientQuote> {
  const r = await walletQuoteForClient(items, ip, opts);
  if (!r.ok) return r;
  return { ok: true, quote: await priceInMarket(r.quote, r.sale) };
}
