// A quote in a market's currency (docs/markets.md#checkout-in-a-markets-currency). Every line is
// priced in the wallet currency exactly as before — markup, minimum margin, offers, promo codes —
// and only then converted: at the rate of the sale (rateFor, plus the market's buffer), adjusted,
// rounded up to the market's price points, never below the line's wallet-currency floor (cost
// plus minimum margin, docs/money-rules.md#m5) at that rate. The wallet figures stay on the quote
// for the guards and the order's books. A stale or missing rate refuses before any payment.
import "server-only";
import { Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { convertPrice, effectiveRate, unitWalletFloor, type MarketPricing } from "@/lib/markets/convert";
import { currencyFacts } from "@/lib/markets/currencies";
import { getDefaultMarket, getMarketBySlug } from "@/lib/markets/lookup";
import { marketPricing, type Market } from "@/lib/markets/market";
import { rateFor } from "@/lib/markets/rates/rate-for";
import { selectRule } from "@/lib/pricing/markup";
import { loadPricingRules } from "@/lib/pricing/rules";
import { marginUnitCost } from "./catalog-price";
import { QuoteError, type Quote, type QuoteLine } from "./quote";

/** The market a cart is sold in, at the rate of the sale now. */
export type SaleMarket = {
  market: Market;
  pricing: MarketPricing;
  /** Units of the market currency per wallet-currency unit, buffer included: what the order records. */
  rate: Prisma.Decimal;
  /** The wallet currency at rate 1, no adjustment, no price points: prices stay exactly as computed. */
  neutral: boolean;
};

/** A market that cannot sell now (unknown, disabled, or its rate is stale or missing); nothing was charged. */
export class MarketUnavailableError extends QuoteError {
  constructor(message: string) {
    super(message);
    this.name = "MarketUnavailableError";
  }
}

/** What a shopper reads when a market's rate is too old to sell at (docs/markets.md#rates). */
export const staleRateMessage = (market: Pick<Market, "name">) =>
  `Checkout in ${market.name} is paused: its exchange rate is out of date. You were not charged; please try again later.`;

/** The market by its slug (absent: the default market), with its rate now; throws MarketUnavailableError. */
export async function marketForSale(slug: string | undefined, now: Date): Promise<SaleMarket> {
  const market = slug ? await getMarketBySlug(slug) : await getDefaultMarket();
  if (!market) throw new MarketUnavailableError("This shop does not sell in that market. Please choose another.");
  const found = await rateFor(market, now);
  if (found.status !== "ok") throw new MarketUnavailableError(staleRateMessage(market));
  const pricing = marketPricing(market, found.rate);
  const rate = new Prisma.Decimal(effectiveRate(pricing).toString());
  const adjustment = market.priceAdjustmentPercent;
  const neutral =
    market.currency === env.SHOP_CURRENCY &&
    rate.equals(1) &&
    (adjustment === null || adjustment.isZero()) &&
    market.rounding.kind === "none";
  return { market, pricing, rate, neutral };
}

const dec = (v: { toString(): string }) => new Prisma.Decimal(v.toString());

/**
 * The wallet-currency quote (promo code applied) in the market's currency. Each line's charged
 * unit price is the conversion of its discounted wallet price; the code's discount in the market
 * currency is, per line, the converted price before the code less the converted price after it.
 * So the lines' charged totals add up to the order's total exactly, and each line (and each unit)
 * can be refunded exactly (docs/markets.md#refunds).
 *
 * The sale the order records in the wallet currency is what the shopper pays, at the rate of the
 * sale — the charged unit price ÷ that rate, down to the wallet currency's smallest unit — not the
 * wallet price it was converted from: a negative adjustment or a rounding makes them differ, and
 * the margin, the price-rise guard and the books must compare costs with what was paid
 * (docs/money-rules.md#m5).
 */
export async function priceInMarket(quote: Quote, sale: SaleMarket): Promise<Quote> {
  const base = {
    market: sale.market.slug,
    rate: sale.rate,
    walletCurrency: quote.currency,
    walletTotal: quote.total,
    walletDiscount: quote.promo?.discount ?? new Prisma.Decimal(0),
    neutral: sale.neutral,
  };
  if (sale.neutral) return { ...quote, sale: base };
  const walletDecimals = currencyFacts(quote.currency).chargeDecimals;
  const inWallet = (charged: Prisma.Decimal) =>
    charged.dividedBy(sale.rate).toDecimalPlaces(walletDecimals, Prisma.Decimal.ROUND_DOWN);
  const rules = await loadPricingRules();
  const lines = quote.lines.map((l): QuoteLine & { walletUnitDiscount?: Prisma.Decimal } => {
    const rule = selectRule(rules, { itemCode: l.itemCode, productType: l.productType, brand: l.brand });
    // A line with a problem is not sold: its price is shown converted, not raised to a floor.
    const floor = l.problem ? 0 : unitWalletFloor(marginUnitCost(l), rule);
    const convert = (walletPrice: Prisma.Decimal) => dec(convertPrice(walletPrice, floor, sale.pricing).amount);
    const unitPrice = convert(l.unitPrice);
    const beforeCode = l.unitDiscount.isZero() ? unitPrice : convert(l.unitPrice.plus(l.unitDiscount));
    return {
      ...l,
      unitPrice,
      unitDiscount: beforeCode.minus(unitPrice),
      // Like with like: the listed price through the same conversion and floor as the price
      // charged, so a price the floor lifted is not read as a supplier price change (priceChanged)
      // nor listed below what the shopper pays.
      listedUnitPrice: convert(l.listedUnitPrice),
      lineTotal: unitPrice.times(l.quantity),
      currency: sale.market.currency,
      walletUnitPrice: inWallet(unitPrice),
      walletUnitDiscount: inWallet(beforeCode).minus(inWallet(unitPrice)),
    };
  });
  const sum = (values: Prisma.Decimal[]) => values.reduce((a, b) => a.plus(b), new Prisma.Decimal(0));
  const total = sum(lines.map((l) => l.lineTotal));
  const discount = sum(lines.map((l) => l.unitDiscount.times(l.quantity)));
  const walletTotal = sum(lines.map((l) => l.walletUnitPrice!.times(l.quantity)));
  const walletDiscount = sum(lines.map((l) => l.walletUnitDiscount!.times(l.quantity)));
  return {
    ...quote,
    lines: lines.map(({ walletUnitDiscount: _, ...l }) => l),
    total,
    currency: sale.market.currency,
    promo: quote.promo ? { ...quote.promo, discount } : null,
    sale: { ...base, walletTotal, walletDiscount },
  };
}

/**
 * Why a promo code cannot be used on a quote priced in a market, or null: a code whose whole
 * discount the market's price points round away takes nothing off what the shopper pays, so it is
 * refused as a code that applies to nothing is, and a limited code is never used up for nothing
 * (docs/markets.md#the-quote-and-checkout).
 */
export function marketPromoProblem(priced: Quote): string | null {
  if (!priced.promo || !priced.promo.discount.isZero()) return null;
  return "This code takes nothing off your cart's prices here: they round to the same price points with or without it.";
}
