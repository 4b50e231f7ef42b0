// Products another supplier alone sells (docs/suppliers.md#products-of-another-supplier-alone): b's
// row that matches no shop product becomes a product of its own, `b-<itemCode>`, shown and sold from
// b; main's full sync leaves it listed; when main later lists the same card, main's offer joins it
// and its URL stays. Two sandbox suppliers, main and b, on one clock.
import { afterAll, beforeAll, expect, it } from "vitest";
import { visibleProductWhere } from "@/lib/catalog/catalog-where";
import { readCatalogVersion } from "@/lib/catalog/catalog-version";
import { applyOfferStock } from "@/lib/catalog/offers/offer-stock";
import { syncAllOffers, syncSupplierOffers } from "@/lib/catalog/offers/sync-offers";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { processOwner, withLineLease } from "@/lib/orders/core/line-lease";
import { fulfilLine } from "@/lib/orders/fulfilment/fulfil-line";
import { quoteItems } from "@/lib/orders/quote/quote";
import { createSandbox, type Sandbox } from "@/lib/sandbox";
import { ensureSupplierRows } from "@/lib/suppliers/rows";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { createHarness, seedPaidOrder, type Harness } from "../orders/harness";

const bKey = "sandbox_b_key_0123456789";
const supplierVars = {
  UPSTREAM_SUPPLIERS: "b",
  UPSTREAM_B_BASE_URL: "http://sandbox.test/sandbox/b/v1",
  UPSTREAM_B_API_KEY: bKey,
};
// A card only b sells: no shop product has its brand.
const card = { brand: "Only At B Games", faceValue: 15, price: "14.00", productType: "gift_card" };
const own = "b-B-ONLY-15";

let h: Harness;
let b: Sandbox;

const product = () => db.product.findUniqueOrThrow({ where: { itemCode: own } });
const mainFullSync = async () => {
  const run = await runCatalogSync({ kind: "full", trigger: "manual" }, { now: h.now, sleep: async () => {} });
  expect(run.status).toBe("succeeded");
};

beforeAll(async () => {
  Object.assign(process.env, supplierVars);
  resetEnvForTests();
  h = await createHarness();
  b = createSandbox({ dbPath: ":memory:", apiKey: bKey, settleMs: 3000, now: () => h.clock.ms });
  setUpstream(
    new UpstreamClient({ baseUrl: supplierVars.UPSTREAM_B_BASE_URL, apiKey: bKey, fetch: b.fetch, budget: null }),
    "b",
  );
  await db.offer.deleteMany();
  await db.supplier.deleteMany();
  b.control.publishChanges({ add: [{ itemCode: "B-ONLY-15", ...card, stock: 20 }] });
});

afterAll(async () => {
  setUpstream(null, "b");
  b.close();
  await h.close();
  for (const key of Object.keys(supplierVars)) delete process.env[key];
  resetEnvForTests();
});

it("makes b's row that matches no shop product a product of its own, coded b-<itemCode>, shown like any product", async () => {
  const version = await readCatalogVersion();
  const result = await syncSupplierOffers("b", { now: h.now });
  expect(result.created).toBeGreaterThanOrEqual(1);
  const p = await product();
  expect(p).toMatchObject({ source: "b", listed: true, mainInStock: false, brandName: card.brand });
  expect(p.chargedPrice.toFixed(2)).toBe("14.00");
  expect(
    await db.offer.findUniqueOrThrow({ where: { supplier_itemCode: { supplier: "b", itemCode: "B-ONLY-15" } } }),
  ).toMatchObject({ productCode: own, inStock: true, byHand: false });
  // Listings, search and cached pages follow the catalog version.
  expect(await readCatalogVersion()).toBeGreaterThan(version);
  expect(await db.product.count({ where: { AND: [visibleProductWhere, { itemCode: own }] } })).toBe(1);
  expect(p.searchText).toContain("only at b games");
});

it("quotes it from b's offer, at b's cost, under b's item code", async () => {
  await applyOfferStock();
  const quote = await quoteItems([{ itemCode: own, quantity: 1 }], { now: h.now() });
  expect(quote.problems).toEqual([]);
  expect(quote.lines[0]).toMatchObject({ supplier: "b", supplierItemCode: "B-ONLY-15" });
});

it("buys it from b under b's item code, once", async () => {
  const { line } = await seedPaidOrder(h, { itemCode: own, unitPrice: "16.00" });
  for (let i = 0; i < 10; i++) {
    const now = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    if (now.status !== "paid" && now.status !== "purchasing") break;
    await withLineLease(line.id, processOwner, h.now(), () =>
      fulfilLine(line.id, { now: h.now(), cause: "reconciler" }),
    );
    await h.advance(60_000);
  }
  const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
  expect(after).toMatchObject({ status: "delivered", supplier: "b", supplierItemCode: "B-ONLY-15" });
  expect(b.control.listOrders().filter((o) => o.idempotency_key === after.idempotencyKey)).toHaveLength(1);
});

it("keeps the same product, and its code, on the next read of b", async () => {
  const before = await product();
  const result = await syncSupplierOffers("b", { now: h.now });
  expect(result.created).toBe(0);
  const after = await product();
  expect(after.id).toBe(before.id);
  expect(await db.product.count({ where: { source: "b", brandName: card.brand } })).toBe(1);
});

it("stays listed through main's full sync, which does not list it", async () => {
  await mainFullSync();
  expect(await product()).toMatchObject({ listed: true, removedAt: null });
});

it("shows it out of stock when b has none, and when b is disabled", async () => {
  await syncAllOffers(h.now(), "delta");
  expect((await product()).inStock).toBe(true);
  h.clock.ms += 120_000;
  b.control.publishChanges({ stock: { "B-ONLY-15": 0 } });
  await syncAllOffers(h.now(), "delta");
  expect((await product()).inStock).toBe(false);
  b.control.publishChanges({ stock: { "B-ONLY-15": 9 } });
  await syncAllOffers(h.now(), "delta");
  expect((await product()).inStock).toBe(true);
  await ensureSupplierRows();
  await db.supplier.update({ where: { name: "b" }, data: { enabled: false } });
  await syncAllOffers(h.now(), "delta");
  expect((await product()).inStock).toBe(false);
  await db.supplier.update({ where: { name: "b" }, data: { enabled: true } });
  await syncAllOffers(h.now(), "delta");
});

it("joins main's offer to it when main later lists the same card, and keeps its URL", async () => {
  h.clock.ms += 120_000;
  h.control.publishChanges({ add: [{ itemCode: "MAIN-LATE-15", ...card, price: "13.50", stock: 5 }] });
  await mainFullSync();
  await syncAllOffers(h.now(), "delta");
  expect(
    await db.offer.findUniqueOrThrow({ where: { supplier_itemCode: { supplier: "main", itemCode: "MAIN-LATE-15" } } }),
  ).toMatchObject({ productCode: own, inStock: true });
  // Main's own row is not shown beside it: the card is one product, at its first URL.
  expect((await db.product.findUniqueOrThrow({ where: { itemCode: "MAIN-LATE-15" } })).listed).toBe(false);
  expect(await product()).toMatchObject({ listed: true, inStock: true });
  expect(
    await db.offer.findUniqueOrThrow({ where: { supplier_itemCode: { supplier: "b", itemCode: "B-ONLY-15" } } }),
  ).toMatchObject({ productCode: own });
  // Main is cheaper now: the product is bought from main, under main's code.
  const quote = await quoteItems([{ itemCode: own, quantity: 1 }], { now: h.now() });
  expect(quote.lines[0]).toMatchObject({ supplier: "main", supplierItemCode: "MAIN-LATE-15" });
});
