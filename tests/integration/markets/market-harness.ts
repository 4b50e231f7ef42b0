// Market tests: markets written as an owner would save them, and a checkout the way the browser
// does it in a market (quote in the market's currency, apply a code, pay the total it showed).
import type { Locale } from "@/lib/i18n/locales";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/db";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { marketForSale, priceInMarket } from "@/lib/orders/quote/market-quote";
import { applyPromoToQuote } from "@/lib/orders/quote/promo-quote";
import { quoteItems, toQuoteView } from "@/lib/orders/quote/quote";
import { createMarket } from "@/tests/helpers/markets";
import { cards, type Harness } from "../orders/harness";

export { createMarket };

/**
 * Pins test products to a supplier cost and the shop price the default rule makes of it (+10 %),
 * at the sandbox and in the catalog: `{ "TEST-INSTANT": ["19.37", "21.31"] }`.
 */
export async function pinPrices(h: Harness, prices: Record<string, [cost: string, shopPrice: string]>) {
  h.control.publishChanges({
    priceChanges: Object.fromEntries(Object.entries(prices).map(([c, [cost]]) => [c, cost])),
  });
  for (const [itemCode, [cost, shopPrice]] of Object.entries(prices))
    await db.product.update({ where: { itemCode }, data: { chargedPrice: cost, shopPrice } });
}

/** The tests' Indonesian market: Rp 16 500 a dollar set an hour ago, a 2 % buffer, up to the next Rp 500. */
export function createIndonesia(h: Harness) {
  return createMarket({
    slug: "id",
    name: "Indonesia",
    currency: "IDR",
    rate: "16500",
    rateSetAt: new Date(h.clock.ms - 3_600_000),
    bufferPercent: "2",
    rounding: { kind: "up-to-step", value: "500" },
  });
}

type Item = { itemCode: string; quantity: number };

/** The quote the shopper sees in a market (view: decimals as strings), with an optional code. */
export async function shownQuote(h: Harness, items: Item[], market?: string, code?: string) {
  const sale = await marketForSale(market, h.now());
  let quote = await quoteItems(items, { now: h.now() });
  if (code) {
    const applied = await applyPromoToQuote(quote, code, { now: h.now() });
    if (!applied.ok) throw new Error(applied.message);
    quote = applied.quote;
  }
  return toQuoteView(await priceInMarket(quote, sale));
}

/** Checks out in `market` paying exactly the total shown (TEST card, or a hosted provider). */
export async function buyInMarket(
  h: Harness,
  items: Item[],
  opts: { market?: string; code?: string; card?: string | null; expectedTotal?: string; locale?: Locale } = {},
) {
  const shown = await shownQuote(h, items, opts.market, opts.code);
  const result = await placeOrder(
    {
      email: "buyer@example.com",
      items,
      ...(opts.card === null ? {} : { card: { number: opts.card ?? cards.ok, expiry: "12/30", cvc: "123" } }),
      expectedTotal: opts.expectedTotal ?? shown.total,
      ...(opts.market ? { market: opts.market } : {}),
      ...(opts.code ? { promoCode: opts.code } : {}),
      ...(opts.locale ? { locale: opts.locale } : {}),
    },
    { now: h.now() },
  );
  return { shown, result };
}

export function orderWithMoney(orderId: string) {
  return db.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { lines: { orderBy: { itemCode: "asc" }, include: { refunds: true } }, payments: true, refunds: true },
  });
}

export const D = (v: Prisma.Decimal.Value) => new Prisma.Decimal(v);
