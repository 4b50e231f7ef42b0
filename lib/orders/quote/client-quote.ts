// The quote a shopper's client asks for (the quote API, the checkout page): identical lines
// merged, at most clientLimits.quoteLines live checks per client, and a check of the same SKU
// and quantity from the last few seconds reused. One client can no longer spend the upstream
// budget every shopper's checkout shares (docs/going-live.md#per-client-limits).
import "server-only";
import { consumeClientLimit, type LimitOutcome } from "@/lib/rate-limit/client-limits";
import { checkReuseMs } from "./check-cache";
import type { CartItem } from "../cart/checkout-schema";
import { mergeIdenticalLines } from "../cart/merge-lines";
import { quoteItems, type Quote } from "./quote";

export type ClientQuote = { ok: true; quote: Quote } | Extract<LimitOutcome, { ok: false }>;

/** Quotes for `ip`, or says how long it must wait; throws QuoteError as quoteItems does. */
export async function quoteForClient(
  items: CartItem[],
  ip: string,
  opts: { signal?: AbortSignal } = {},
): Promise<ClientQuote> {
  const lines = mergeIdenticalLines(items);
  const limit = await consumeClientLimit("quoteLines", ip, { cost: lines.length });
  if (!limit.ok) return limit;
  return { ok: true, quote: await quoteItems(lines, { signal: opts.signal, reuseChecksMs: checkReuseMs }) };
}
