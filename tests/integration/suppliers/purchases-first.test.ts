// Request budgets under load (docs/suppliers.md#purchases-waiting): lines already paid and waiting
// to be bought at a supplier come before new work there. A quote's live check does not take a call
// those purchases need (the line is priced from the fresh catalog instead), routing treats a
// supplier whose waiting purchases fill its minute as one without budget, and an offer held back
// only by the budget is still quoted when no other supplier can take the line (it waits for the
// next minute rather than being refused). Two sandbox suppliers, main and b.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { db } from "@/lib/db";
import { markOffersRead } from "@/lib/catalog/offers/supplier-cursor";
import { quoteItems } from "@/lib/orders/quote/quote";
import { readSupplierStates } from "@/lib/orders/routing/supplier-states";
import type { Sandbox } from "@/lib/sandbox";
import { apiKey as mainKey, seedPaidOrder, storeBudget, type Harness } from "../orders/harness";
import { bKey, createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

const code = "TEST-INSTANT";
const items = [{ itemCode: code, quantity: 1 }];

let two: TwoSuppliers;
let h: Harness;
let b: Sandbox;

beforeAll(async () => {
  two = await createTwoSuppliers();
  ({ h, b } = two);
  // A margin that still holds on the catalog's cost plus its buffer, so a line priced from the
  // catalog can be sold (docs/money-rules.md#when-checks-have-spent-their-share).
  await db.pricingRule.create({ data: { scope: "sku", key: code, markupPercent: "30" } });
});

afterAll(async () => {
  await db.pricingRule.deleteMany({ where: { scope: "sku", key: code } });
  await two.close();
});

/** main's and b's offers of the product: in stock or not, at one cost. */
async function offers(stock: { main: boolean; b: boolean }) {
  const product = await db.product.findUniqueOrThrow({ where: { itemCode: code } });
  h.control.publishChanges({ stock: { [code]: stock.main ? 50 : 0 } });
  b.control.publishChanges({ stock: { [code]: stock.b ? 50 : 0 } });
  await db.offer.createMany({
    data: (["main", "b"] as const).map((supplier) => ({
      supplier,
      itemCode: code,
      productCode: code,
      unitCost: product.chargedPrice,
      currency: "USD",
      inStock: stock[supplier],
    })),
  });
}

/** This minute's calls so far at a supplier's key. */
const spent = (key: string, used: number) => storeBudget(h, key, used);

/** `count` paid lines waiting to be bought at `supplier`. */
async function waiting(supplier: "main" | "b", count: number) {
  for (let i = 0; i < count; i++) {
    const { line } = await seedPaidOrder(h, { itemCode: code });
    await db.orderLine.update({ where: { id: line.id }, data: { supplier } });
  }
}

beforeEach(async () => {
  await db.orderLine.deleteMany();
  await db.order.deleteMany();
  await db.offer.deleteMany();
  await db.upstreamWallet.deleteMany();
  await db.upstreamBudget.deleteMany();
  await db.supplier.deleteMany();
  await db.syncRun.deleteMany();
  // A catalog synced a minute ago: fresh enough to price a line when a check should not be made.
  await db.syncRun.create({
    data: { kind: "full", status: "succeeded", startedAt: new Date(h.clock.ms - 60_000), finishedAt: h.now() },
  });
});

it("quotes an offer held back only by its supplier's spent minute when no other supplier has the product", async () => {
  await offers({ main: false, b: true });
  await spent(bKey, 100);
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.problems).toEqual([]);
  expect(quote.lines[0]).toMatchObject({ supplier: "b" });
});

it("still passes over a supplier whose minute is spent while another can take the line", async () => {
  await offers({ main: true, b: true });
  await spent(mainKey, 100);
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.problems).toEqual([]);
  expect(quote.lines[0]).toMatchObject({ supplier: "b" });
});

it("routes an equal offer away from a supplier whose waiting purchases fill what is left of its minute", async () => {
  await offers({ main: true, b: true });
  // main is first by priority; 60 calls spent and 40 lines waiting leave it nothing for a new line.
  await spent(mainKey, 60);
  await waiting("main", 40);
  const states = await readSupplierStates(h.now());
  expect(states.find((s) => s.name === "main")).toMatchObject({ hasBudget: false });
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.lines[0]).toMatchObject({ supplier: "b" });
});

it("prices a line from the fresh catalog instead of taking a check call that purchases waiting there need", async () => {
  await offers({ main: false, b: true });
  await markOffersRead("b", h.now());
  // 80 calls spent: a check may still go out (checks fill up to 85), but 10 lines wait to be bought.
  await spent(bKey, 80);
  await waiting("b", 10);
  const before = b.control.stats().requests;
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.problems).toEqual([]);
  expect(quote.lines[0]).toMatchObject({ supplier: "b", liveChecked: false });
  expect(b.control.stats().requests).toBe(before);
});

it("checks live as before when nothing waits to be bought", async () => {
  await offers({ main: false, b: true });
  await spent(bKey, 80);
  const before = b.control.stats().requests;
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.lines[0]).toMatchObject({ supplier: "b", liveChecked: true });
  expect(b.control.stats().requests).toBe(before + 1);
});

it("checks live as before when the only lines waiting at the supplier are held for staff", async () => {
  // A product with no offers, as in a shop with main alone. Lines the price guard held for staff
  // (docs/money-rules.md#m5) take no call until a person decides: they leave the checks' share alone.
  h.control.publishChanges({ stock: { [code]: 50 } });
  await spent(mainKey, 80);
  await waiting("main", 10);
  await db.orderLine.updateMany({
    data: { nextCheckAt: null, attentionReason: "The supplier now charges more.", attentionAt: h.now() },
  });
  const before = h.control.stats().requests;
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.problems).toEqual([]);
  expect(quote.lines[0]).toMatchObject({ supplier: "main", liveChecked: true });
  expect(h.control.stats().requests).toBe(before + 1);
});

it("checks live a line whose supplier's offers were last read long ago, though main's catalog is fresh", async () => {
  await offers({ main: false, b: true });
  // main synced a minute ago (beforeEach); b's catalog has not been read for two hours, so its
  // stored cost may be far from what it charges now: not a price to sell on unchecked.
  await markOffersRead("b", new Date(h.clock.ms - 2 * 60 * 60_000));
  await spent(bKey, 80);
  await waiting("b", 10);
  const before = b.control.stats().requests;
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.lines[0]).toMatchObject({ supplier: "b", liveChecked: true });
  expect(b.control.stats().requests).toBe(before + 1);
});

it("does not quote an offer whose supplier's key a 429 blocks past this minute", async () => {
  await offers({ main: false, b: true });
  // b answered a 429 asking for an hour: a paid line would wait that long, unbounded by the
  // backlog guard (which counts b's whole limit), so the line is refused as before, not sold.
  await storeBudget(h, bKey, 0, new Date(h.clock.ms + 60 * 60_000));
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.problems).toHaveLength(1);
});
