// Checkout in a market's currency through the TEST provider: every line priced in the wallet
// currency as before, then converted at the rate of the sale (rate + buffer), adjusted and rounded
// to the market's price points; the provider charges exactly the total shown; the order records
// the rate, the wallet-currency sale and the cost; a failed line is refunded to the rupiah; the
// books balance in both currencies; a promo code keeps the margin after conversion and rounding;
// a stale rate refuses before payment and alerts owners; the default market is today's shop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateStaleRates } from "@/lib/alerts/conditions-rates";
import { refundLineAction } from "@/lib/admin/orders/actions";
import { db } from "@/lib/db";
import { listMarketsForRates } from "@/lib/markets/rates/markets-for-rates";
import { checkBooks } from "@/lib/orders/books/books";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { quoteForClient } from "@/lib/orders/quote/client-quote";
import { MarketUnavailableError } from "@/lib/orders/quote/market-quote";
import { quoteItems } from "@/lib/orders/quote/quote";
import { testProviderBooks } from "@/lib/payments/test-provider";
import { settle } from "../money/money-harness";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { getOrderViewByToken } from "@/lib/orders/view/order-view";
import { getReceiptByToken } from "@/lib/receipts/receipt";
import { cards, createHarness, type Harness } from "../orders/harness";
import { createPromo } from "../promos/promo-harness";
import { actAs, createRoleUsers } from "../auth/helpers";
import { createIndonesia, pinPrices, buyInMarket, createMarket, D, orderWithMoney } from "./market-harness";

let h: Harness;
const hour = 3_600_000;
beforeAll(async () => {
  h = await createHarness();
  // The default rule: +10 %, a margin of at least 2 % of cost and 0.10.
  // TEST-INSTANT: cost 19.37 → 21.31 (floor 19.76); TEST-FAIL: cost 4.99 → 5.49.
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"], "TEST-FAIL": ["4.99", "5.49"] });
  const rateSetAt = new Date(h.clock.ms - hour);
  await createIndonesia(h);
  await createMarket({
    slug: "br",
    name: "Brazil",
    currency: "BRL",
    rate: "5.35",
    rateSetAt,
    adjustmentPercent: "-5",
    rounding: { kind: "ending", value: "0.90" },
  });
  // Set 40 days ago, trusted for 30: stale.
  await createMarket({
    slug: "sa",
    name: "Saudi Arabia",
    currency: "SAR",
    rate: "3.75",
    rateSetAt: new Date(h.clock.ms - 40 * 24 * hour),
    maxAgeHours: 720,
  });
});
afterAll(async () => h.close());

/** A checkout in `market` with a given total, without quoting first. */
const placeIn = (market: string, expectedTotal: string) =>
  placeOrder(
    {
      email: "buyer@example.com",
      items: [{ itemCode: "TEST-INSTANT", quantity: 1 }],
      card: { number: cards.ok, expiry: "12/30", cvc: "123" },
      expectedTotal,
      market,
    },
    { now: h.now() },
  );

const lineOf = (order: Awaited<ReturnType<typeof orderWithMoney>>, itemCode: string) =>
  order.lines.find((l) => l.itemCode === itemCode)!;

describe("checkout in a market's currency (TEST provider)", () => {
  it("charges a rupiah order exactly the total shown and records the rate, the wallet-currency sale and the cost", async () => {
    const items = [
      { itemCode: "TEST-INSTANT", quantity: 2 },
      { itemCode: "TEST-FAIL", quantity: 1 },
    ];
    const { shown, result } = await buyInMarket(h, items, { market: "id" });
    if (!result.ok) throw new Error(result.message);
    // Effective rate 16 500 × 1.02 = 16 830. 21.31 × 16 830 = 358 647.3 → Rp 359 000;
    // 5.49 × 16 830 = 92 396.7 → Rp 92 500 (up to the next 500).
    expect(shown).toMatchObject({ currency: "IDR", market: "id", total: "810500" });
    expect(shown.lines.map((l) => [l.itemCode, l.unitPrice, l.lineTotal])).toEqual([
      ["TEST-INSTANT", "359000", "718000"],
      ["TEST-FAIL", "92500", "92500"],
    ]);

    const order = await orderWithMoney(result.orderId);
    expect(order).toMatchObject({ currency: "IDR", market: "id", walletCurrency: "USD" });
    expect(order.total.toFixed()).toBe("810500");
    expect(order.rate!.toFixed()).toBe("16830");
    // The sale in the wallet currency is what the shopper pays at the rate of the sale, to the cent
    // below: 359 000 ÷ 16 830 = 21.33, 92 500 ÷ 16 830 = 5.49; 2 × 21.33 + 5.49 = 48.15.
    expect(order.walletTotal!.toFixed(2)).toBe("48.15");
    const instant = lineOf(order, "TEST-INSTANT");
    expect([instant.unitPrice, instant.walletUnitPrice!, instant.unitCost].map((d) => d.toFixed())).toEqual([
      "359000",
      "21.33",
      "19.37",
    ]);
    expect(instant.currency).toBe("IDR");
    // The lines' charged totals add up to the order's total to the rupiah.
    expect(order.lines.reduce((s, l) => s.plus(l.lineTotal), D(0)).equals(order.total)).toBe(true);

    const payment = order.payments[0]!;
    expect([payment.amount.toFixed(), payment.currency]).toEqual(["810500", "IDR"]);
    const { charge } = await testProviderBooks(payment.providerRef!);
    expect([charge!.amount.toFixed(), charge!.currency]).toEqual([shown.total, "IDR"]);
  });

  it("refunds the failed line of a multi-line rupiah order exactly, and the books balance in both currencies", async () => {
    const order0 = await db.order.findFirstOrThrow({ where: { market: "id" }, orderBy: { createdAt: "desc" } });
    await fulfilPaidOrder(order0.id, h.now());
    await settle(h, {
      done: async () =>
        (await orderWithMoney(order0.id)).lines.every((l) => ["delivered", "refunded"].includes(l.status)),
    });
    const order = await orderWithMoney(order0.id);
    expect(order.lines.map((l) => l.status)).toEqual(["refunded", "delivered"]);
    const failed = lineOf(order, "TEST-FAIL");
    expect(failed.refunds).toHaveLength(1);
    const refund = failed.refunds[0]!;
    expect([refund.status, refund.amount.toFixed(), refund.currency, refund.walletAmount!.toFixed(2)]).toEqual([
      "succeeded",
      "92500",
      "IDR",
      "5.49",
    ]);
    const { refunds } = await testProviderBooks(order.payments[0]!.providerRef!);
    expect(refunds.map((r) => [r.amount.toFixed(), r.currency])).toEqual([["92500", "IDR"]]);

    const books = await checkBooks({ orderIds: [order.id], now: h.now() });
    expect(books.problems).toEqual([]);
    // The report sums it in both currencies: Rp 718 000 kept and delivered, worth 42.66 USD.
    expect(books.totals).toEqual({
      charged: [{ currency: "IDR", kept: "718000", delivered: "718000" }],
      wallet: [{ currency: "USD", kept: "42.66", delivered: "42.66" }],
    });
    // A wallet-currency figure off by a cent is caught even when the rupiah balance.
    await db.refund.update({ where: { id: refund.id }, data: { walletAmount: "5.48" } });
    const off = await checkBooks({ orderIds: [order.id], now: h.now() });
    expect(off.problems).toEqual([
      expect.objectContaining({ kind: "unbalanced", detail: expect.stringContaining("wallet currency") }),
    ]);
    await db.refund.update({ where: { id: refund.id }, data: { walletAmount: "5.49" } });
  });

  it("gives the receipt and the order page both currencies: what was charged and the sale in the wallet currency", async () => {
    const order = await db.order.findFirstOrThrow({ where: { market: "id" }, orderBy: { createdAt: "desc" } });
    const receipt = await getReceiptByToken(order.token);
    if (!receipt?.paid) throw new Error("no receipt");
    expect(receipt).toMatchObject({ currency: "IDR", total: "810500", refundedTotal: "92500", netPaid: "718000" });
    expect(receipt.wallet).toEqual({ currency: "USD", total: "48.15", refunded: "5.49", rate: "16830" });
    const view = await getOrderViewByToken(order.token);
    expect(view).toMatchObject({ currency: "IDR", total: "810500", wallet: receipt.wallet });
  });

  it("lets staff refund a delivered rupiah line within the limit counted in the wallet currency", async () => {
    const order0 = await db.order.findFirstOrThrow({ where: { market: "id" }, orderBy: { createdAt: "desc" } });
    const users = await createRoleUsers("market-refund");
    actAs(users.staff);
    try {
      // Rp 718 000 is far above the 200.00 USD staff limit as a number; its sale is 42.66 USD.
      const line = lineOf(await orderWithMoney(order0.id), "TEST-INSTANT");
      const fd = new FormData();
      for (const [k, v] of Object.entries({ lineId: line.id, reason: "faulty card", confirm: "yes" })) fd.set(k, v);
      expect(await refundLineAction(null, fd)).toMatchObject({ ok: true });
    } finally {
      actAs(null);
    }
    const order = await orderWithMoney(order0.id);
    const refund = lineOf(order, "TEST-INSTANT").refunds[0]!;
    expect([refund.amount.toFixed(), refund.currency, refund.walletAmount!.toFixed(2)]).toEqual([
      "718000",
      "IDR",
      "42.66",
    ]);
    expect((await checkBooks({ orderIds: [order.id], now: h.now() })).problems).toEqual([]);
  });

  it("keeps the minimum margin for a promo code after conversion, adjustment and rounding", async () => {
    await createPromo({ code: "FIVEBR", value: "5" });
    const { shown, result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], {
      market: "br",
      code: "FIVEBR",
    });
    if (!result.ok) throw new Error(result.message);
    // 5 % off 21.31 is 20.24; × 5.35 × 0.95 = 102.87 → R$ 102,90, worth 19.23 at 5.35: below the
    // floor of 19.76 (cost 19.37 + margin 0.39). The first price point above 19.76 × 5.35 = 105.716
    // is R$ 105,90. Before the code: 21.31 × 5.35 × 0.95 = 108.31 → R$ 108,90.
    expect(shown.lines[0]).toMatchObject({ unitPrice: "105.90", priceBeforeCode: "108.90", unitDiscount: "3.00" });
    expect(shown.promo).toMatchObject({ code: "FIVEBR", discount: "3.00" });
    const order = await orderWithMoney(result.orderId);
    const line = order.lines[0]!;
    // The sale recorded in the wallet currency is what R$ 105,90 is worth at 5.35: 19.79.
    expect([line.unitPrice.toFixed(2), line.walletUnitPrice!.toFixed(2), order.currency]).toEqual([
      "105.90",
      "19.79",
      "BRL",
    ]);
    expect(line.unitPrice.dividedBy(order.rate!).greaterThanOrEqualTo("19.76")).toBe(true);
    const use = await db.promoRedemption.findFirstOrThrow({ where: { orderId: order.id } });
    // The code's discount as the shopper got it, in the wallet currency: R$ 108,90 is worth 20.35,
    // R$ 105,90 19.79.
    expect([use.discount.toFixed(2), use.currency]).toEqual(["0.56", "USD"]);
  });

  it("refuses checkout before any payment while a market's rate is stale, and alerts owners", async () => {
    const orders = await db.order.count();
    const charges = await db.testProviderCharge.count();
    const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
    // The quote refuses, and so does a checkout with the total a page loaded earlier still shows.
    await expect(quoteForClient(items, "203.0.113.9", { market: "sa", now: h.now() })).rejects.toBeInstanceOf(
      MarketUnavailableError,
    );
    const result = await placeIn("sa", "90.00");
    expect(result).toMatchObject({ ok: false, outcome: "unavailable" });
    expect(!result.ok && result.message).toMatch(/Saudi Arabia is paused: its exchange rate is out of date/);
    expect(await db.order.count()).toBe(orders);
    expect(await db.payment.count({ where: { currency: "SAR" } })).toBe(0);
    expect(await db.testProviderCharge.count()).toBe(charges);

    const alert = await evaluateStaleRates(h.now(), listMarketsForRates);
    expect(alert.active).toBe(true);
    expect(alert.summary).toContain("Saudi Arabia (SAR, manual rate");
    expect(alert.summary).not.toContain("Indonesia");
  });

  it("refuses a market the shop does not have, before any payment", async () => {
    const orders = await db.order.count();
    const result = await placeIn("xx", "21.31");
    expect(result).toMatchObject({ ok: false, outcome: "unavailable" });
    expect(!result.ok && result.message).toMatch(/does not sell in that market/);
    expect(await db.order.count()).toBe(orders);
  });

  it("sells in the wallet currency exactly as before when no market is named", async () => {
    const items = [{ itemCode: "TEST-INSTANT", quantity: 2 }];
    const wallet = await quoteItems(items, { now: h.now() });
    const { shown, result } = await buyInMarket(h, items);
    if (!result.ok) throw new Error(result.message);
    expect(shown).toMatchObject({ currency: "USD", total: wallet.total.toFixed(2), market: "us" });
    const order = await orderWithMoney(result.orderId);
    expect([order.currency, order.total.toFixed(2), order.lines[0]!.unitPrice.toFixed(2)]).toEqual([
      "USD",
      "42.62",
      "21.31",
    ]);
    // One currency: no second set of figures, as before markets.
    expect([order.market, order.rate, order.walletTotal, order.lines[0]!.walletUnitPrice]).toEqual([
      "us",
      null,
      null,
      null,
    ]);
  });
});
