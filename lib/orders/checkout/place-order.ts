// Checkout: validate, price live, refuse what can't be sold (docs/money-rules.md#m5, stock), what
// the upstream wallet cannot pay for (wallet-guard.ts), what the supplier cannot buy soon enough
// (backlog-guard.ts) or what the risk rules stop, then take the payment (take-payment.ts).
// Nothing is bought here; lines are bought after payment (docs/money-rules.md#m1). Every outcome
// is counted (checkout-outcome.ts).
import "server-only";
import { fieldErrorsOf } from "@/lib/errors";
import { encryptJson } from "@/lib/crypto/codes-cipher";
import { env } from "@/lib/env";
import { getPaymentProvider } from "@/lib/payments";
import { checkoutSchema } from "../cart/checkout-schema";
import { assessCheckout, recordCheckoutAttempt, type CheckoutClient, type RiskInput } from "./risk";
import { takePayment, type PlaceOrderResult } from "./take-payment";
import { QuoteError, quoteItems, toQuoteView, type Quote } from "../quote/quote";
import {
  marketForSale,
  MarketUnavailableError,
  marketPromoProblem,
  priceInMarket,
  type SaleMarket,
} from "../quote/market-quote";
import { minimumChargeProblem } from "./minimum-charge";
import { readQuoteProof } from "../quote/quote-proof";
import { applyPromoForClient } from "../quote/client-promo-quote";
import { applyPromoToQuote } from "../quote/promo-quote";
import { notOfferedProblem } from "../quote/market-offers";
import { findSellableProducts } from "../quote/sellable";
import { parseRequiredFields } from "../quote/topup-fields";
import { validateTopupFields } from "../quote/validate-topup";
import { guardWalletForSale } from "./wallet-guard";
import { guardPurchaseBacklog } from "./backlog-guard";
import { countCheckout } from "@/lib/metrics/observe";
import { countCheckoutOutcome } from "./checkout-outcome";

export { createOrderToken } from "../core/order-token";
export type { PlaceOrderResult } from "./take-payment";

type PlaceOrderOptions = { userId?: string | null; now?: Date; client?: CheckoutClient };

/** The whole checkout; returns a state for the form, never throws at the shopper. */
export async function placeOrder(raw: unknown, opts: PlaceOrderOptions = {}): Promise<PlaceOrderResult> {
  try {
    return countCheckoutOutcome(await decideAndPay(raw, opts));
  } catch (err) {
    countCheckout("error");
    throw err;
  }
}

async function decideAndPay(raw: unknown, opts: PlaceOrderOptions): Promise<PlaceOrderResult> {
  const now = opts.now ?? new Date();
  const parsed = checkoutSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, message: "Please check the form.", fieldErrors: fieldErrorsOf(parsed.error) };
  }
  const input = parsed.data;
  const provider = getPaymentProvider();
  if (provider.kind === "card" && !input.card)
    return { ok: false, message: "Please check the form.", fieldErrors: { "card.number": ["Enter the card number."] } };
  if (provider.kind === "redirect" && input.card)
    return { ok: false, message: "Card details are entered on the secure payment page, not here." };

  // The market and its rate first: a stale or missing rate refuses before any check or payment
  // (docs/markets.md#rates); the stale_rates alert tells owners (lib/alerts/conditions-rates.ts).
  let sale: SaleMarket;
  try {
    sale = await marketForSale(input.market, now);
  } catch (err) {
    if (err instanceof MarketUnavailableError) return { ok: false, message: err.message, outcome: "unavailable" };
    throw err;
  }
  const view = async (q: Quote) => toQuoteView(await priceInMarket(q, sale));

  const extras: { fieldsEnc: string | null; displayName: string | null; isTopup: boolean }[] = [];
  const products = await findSellableProducts(input.items.map((i) => i.itemCode));
  // A line of a product the market does not offer is refused before any check or payment.
  const notOffered = notOfferedProblem(sale.market, products.values());
  if (notOffered) return { ok: false, message: notOffered };
  for (const [i, item] of input.items.entries()) {
    const product = products.get(item.itemCode);
    if (!product) return { ok: false, message: `${item.itemCode} is not available.` };
    const specs = parseRequiredFields(product.requiredFields);
    if (specs.length === 0) {
      if (item.fields && Object.keys(item.fields).length)
        return { ok: false, message: "This product takes no account details." };
      extras.push({ fieldsEnc: null, displayName: null, isTopup: false });
      continue;
    }
    const check = await validateTopupFields(item.itemCode, specs, item.fields, { proof: item.accountProof, now });
    if (!check.ok) {
      const fieldErrors = Object.fromEntries(
        Object.entries(check.fieldErrors).map(([k, v]) => [`items.${i}.fields.${k}`, v]),
      );
      return { ok: false, message: check.message, fieldErrors };
    }
    extras.push({ fieldsEnc: encryptJson(check.fields), displayName: check.displayName, isTopup: true });
  }

  let quote;
  try {
    // A fresh proof of the quote the shopper saw stands for the live check (quote-proof.ts).
    const proven = readQuoteProof(input.quoteProof, input.items, env.SHOP_CURRENCY, now);
    quote = await quoteItems(input.items, { products, proven, now });
  } catch (err) {
    if (err instanceof QuoteError) return { ok: false, message: err.message };
    throw err;
  }
  if (quote.problems.length) return { ok: false, message: quote.problems.join(" "), quote: await view(quote) };
  const listQuote = quote;
  if (input.promoCode) {
    // The discount and the margin after it are decided here; the use is claimed with the order.
    // A client's try counts against its promo limit, as the quote's do (client-promo-quote.ts);
    // checkout() always names the client, only scripts and tests place orders without one.
    const promoOpts = { now, shopper: { email: input.email, userId: opts.userId } };
    const promo = opts.client
      ? await applyPromoForClient(quote, input.promoCode, opts.client.ip, promoOpts)
      : await applyPromoToQuote(quote, input.promoCode, promoOpts);
    if (!promo.ok)
      return {
        ok: false,
        message: promo.message,
        fieldErrors: { promoCode: [promo.message] },
        quote: await view(quote),
      };
    quote = promo.quote;
  }
  // From here the quote is in the market's currency; its wallet figures stay on it (market-quote.ts).
  const walletQuote = quote;
  quote = await priceInMarket(quote, sale);
  // A code the market's price points round away is refused, never used up for nothing.
  const promoProblem = marketPromoProblem(quote);
  if (promoProblem)
    return {
      ok: false,
      message: promoProblem,
      fieldErrors: { promoCode: [promoProblem] },
      quote: await view(listQuote),
    };
  if (!quote.total.equals(input.expectedTotal)) {
    const total = toQuoteView(quote).total;
    return {
      ok: false,
      message: `The price changed: the total is now ${total} ${quote.currency}. Please review and pay again.`,
      quote: toQuoteView(quote),
    };
  }
  const minimum = minimumChargeProblem(provider, quote.total, sale);
  if (minimum) return { ok: false, message: minimum, quote: toQuoteView(quote) };

  // The supplier must be able to fill it: refused before payment, never paid then refunded.
  const wallet = await guardWalletForSale(quote.lines, now);
  if (!wallet.ok) return wallet;
  const backlog = await guardPurchaseBacklog(quote.lines.length);
  if (!backlog.ok) return backlog;

  const risk: RiskInput = {
    client: opts.client ?? { ip: "unknown" },
    email: input.email.toLowerCase(),
    userId: opts.userId,
    cardNumber: input.card?.number,
    // The risk limits are the owner's, in the wallet currency.
    total: walletQuote.total,
    currency: walletQuote.currency,
  };
  const decision = await assessCheckout(risk, now);
  if (decision.decision === "refuse") {
    await recordCheckoutAttempt({ input: risk, outcome: "refused", reason: decision.reason, now });
    return { ok: false, message: decision.message, outcome: "refused" };
  }
  const result = await takePayment({
    input,
    quote,
    extras,
    userId: opts.userId ?? null,
    risk,
    reviewReason: decision.decision === "review" ? decision.reason : null,
    now,
  });
  // The code's last use went to another checkout meanwhile: show the price without it.
  if (!result.ok && result.fieldErrors?.promoCode) return { ...result, quote: await view(listQuote) };
  return result;
}
