// Each supplier's catalog rows stored as its offers, keyed (supplier, item code) and placed in the
// shop product they match (docs/suppliers.md#offers).
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { syncSupplierOffers } from "@/lib/catalog/offers/sync-offers";
import { db, Prisma } from "@/lib/db";
import type { Sandbox } from "@/lib/sandbox";
import type { UpstreamClient } from "@/lib/upstream";
import { createProduct } from "../../helpers/catalog-fixtures";
import { createHarness, type Harness } from "../orders/harness";
import { clientForB, createSandboxB } from "./two-suppliers";

let h: Harness;
let b: Sandbox;
let client: UpstreamClient;

beforeAll(async () => {
  h = await createHarness();
  b = createSandboxB(() => h.clock.ms);
  client = clientForB(b.fetch);
});
afterAll(async () => {
  await db.offer.deleteMany();
  await db.product.deleteMany({ where: { itemCode: { startsWith: "MAIN-MATCH-" } } });
  b.close();
  await h.close();
});
beforeEach(() => db.offer.deleteMany());

it("stores main's catalog rows as main's offers, each its own product, without calling upstream", async () => {
  const result = await syncSupplierOffers("main");
  expect(result.pages).toBe(0);
  const offer = await db.offer.findUniqueOrThrow({
    where: { supplier_itemCode: { supplier: "main", itemCode: "TEST-INSTANT" } },
  });
  const product = await db.product.findUniqueOrThrow({ where: { itemCode: "TEST-INSTANT" } });
  expect(offer).toMatchObject({ productCode: "TEST-INSTANT", inStock: product.inStock });
  expect(offer.unitCost.toFixed(2)).toBe(product.chargedPrice.toFixed(2));
});

it("stores b's rows as b's offers in the shop products they match, whatever b calls them, at b's cost", async () => {
  const page = await client.catalog({ page: 1, perPage: 50 });
  const [first, second] = page.products.filter((p) => !p.itemCode.startsWith("TEST-"));
  // Main sells these two under its own codes (the shop products, with their stable URLs).
  for (const [code, p] of [
    ["MAIN-MATCH-1", first!],
    ["MAIN-MATCH-2", second!],
  ] as const) {
    if (await db.product.findUnique({ where: { itemCode: code } })) continue;
    await createProduct({
      itemCode: code,
      brandName: ` ${p.brand.toUpperCase()}.`,
      productType: p.productType,
      region: p.region,
      faceValue: new Prisma.Decimal(p.faceValue).toFixed(2),
      currency: p.currency,
      price: "1",
      chargedPrice: "1.00",
      shopPrice: "1.10",
    });
  }
  const result = await syncSupplierOffers("b", { client, perPage: 100 });
  expect(result.pages).toBeGreaterThan(0);
  for (const [code, p] of [
    ["MAIN-MATCH-1", first!],
    ["MAIN-MATCH-2", second!],
  ] as const) {
    const offer = await db.offer.findUniqueOrThrow({
      where: { supplier_itemCode: { supplier: "b", itemCode: p.itemCode } },
    });
    expect(offer).toMatchObject({ productCode: code, inStock: p.inStock && p.isActive });
    expect(offer.unitCost.toFixed(2)).toBe(new Prisma.Decimal(p.chargedPrice).toFixed(2));
  }
  expect(await db.offer.count({ where: { supplier: "main" } })).toBe(0);
});

it("keeps an offer b no longer lists, out of stock there", async () => {
  await db.offer.create({
    data: {
      supplier: "b",
      itemCode: "B-GONE",
      productCode: "TEST-INSTANT",
      unitCost: "1.00",
      currency: "USD",
      inStock: true,
    },
  });
  const result = await syncSupplierOffers("b", { client, perPage: 100 });
  expect(result.gone).toBe(1);
  expect(
    await db.offer.findUniqueOrThrow({ where: { supplier_itemCode: { supplier: "b", itemCode: "B-GONE" } } }),
  ).toMatchObject({
    inStock: false,
  });
});
