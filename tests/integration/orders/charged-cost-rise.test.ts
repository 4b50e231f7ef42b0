// A purchase that the supplier charged more than the catalog's stored cost is a price rise the shop
// has already seen, though no sync has yet (docs/money-rules.md#m5): a line priced from the catalog
// (no live check: checks spent their share, or yielded to purchases waiting) is priced at what the
// supplier last charged, and a paid line bought at the old cost is priced again before it is
// bought, as after a sync that saw the rise.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { apiKey, createHarness, seedPaidOrder, storeBudget, type Harness } from "./harness";

const code = "TEST-INSTANT";
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
  // A margin that holds on the buffered catalog cost, so a catalog-priced line can be sold.
  await db.pricingRule.create({ data: { scope: "sku", key: code, markupPercent: "30" } });
});

beforeEach(async () => {
  await db.syncRun.create({
    data: { kind: "full", status: "succeeded", startedAt: new Date(h.clock.ms - 60_000), finishedAt: h.now() },
  });
});

afterEach(async () => {
  h.control.publishChanges({ priceChanges: { [code]: "1.00" } });
  await db.upstreamBudget.deleteMany();
  await db.syncRun.deleteMany();
  await db.orderLine.deleteMany();
  await db.order.deleteMany();
});

afterAll(async () => {
  await db.pricingRule.deleteMany({ where: { scope: "sku", key: code } });
  await h.close();
});

/** The supplier now charges 1.50 (the catalog still says 1.00), and a purchase a minute ago paid it. */
async function boughtAtRisenPrice() {
  h.control.publishChanges({ priceChanges: { [code]: "1.50" } });
  const { line } = await seedPaidOrder(h, { itemCode: code, unitPrice: "1.30" });
  await db.orderLine.update({
    where: { id: line.id },
    data: {
      status: "delivered",
      upstreamOrderId: 900_001,
      upstreamOrderNo: "R-900001",
      upstreamAmount: new Prisma.Decimal("1.50"),
      updatedAt: new Date(h.clock.ms - 60_000),
    },
  });
}

/** This minute's checks are spent at main: a quote prices from the catalog, without asking. */
async function checksSpent() {
  await storeBudget(h, apiKey, 85);
}

describe("a cost a purchase was charged and the catalog has not seen", () => {
  it("prices a line from the catalog at what the supplier last charged, not the older stored cost", async () => {
    await boughtAtRisenPrice();
    await checksSpent();
    const quote = await quoteItems([{ itemCode: code, quantity: 1 }], { now: h.now() });
    expect(quote.lines[0]).toMatchObject({ liveChecked: false });
    expect(quote.lines[0]!.unitCost.toFixed(2)).toBe("1.50");
  });

  it("prices a line from the stored cost while no purchase was charged more", async () => {
    await checksSpent();
    const quote = await quoteItems([{ itemCode: code, quantity: 1 }], { now: h.now() });
    expect(quote.lines[0]).toMatchObject({ liveChecked: false });
    expect(quote.lines[0]!.unitCost.toFixed(2)).toBe("1.00");
  });

  it("prices a paid line again before buying it inside the quote window, when a purchase since was charged more", async () => {
    const { order, line } = await seedPaidOrder(h, { itemCode: code, unitPrice: "1.10" });
    await db.orderLine.update({ where: { id: line.id }, data: { priceCheckedAt: null, createdAt: h.now() } });
    await boughtAtRisenPrice();
    await h.advance(10_000);
    const checks = await db.upstreamCall.count({ where: { endpoint: "POST /orders/check" } });
    await fulfilPaidOrder(order.id, h.now());
    expect(await db.upstreamCall.count({ where: { endpoint: "POST /orders/check" } })).toBe(checks + 1);
    const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    // 1.10 no longer covers 1.50: not bought.
    expect(after.upstreamOrderId).toBeNull();
  });
});
