// A shop product's stock read from its offers (docs/suppliers.md#offers): with several suppliers
// it is in stock while any enabled, unpaused supplier's offer is; main's own stock stays its own
// across full syncs. Two sandbox suppliers, main and b, on one clock.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { syncAllOffers } from "@/lib/catalog/offers/sync-offers";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import type { Sandbox } from "@/lib/sandbox";
import { ensureSupplierRows } from "@/lib/suppliers/rows";
import { ensureWallet } from "@/lib/wallet/wallet-row";
import type { Harness } from "../orders/harness";
import { createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

let two: TwoSuppliers;
let h: Harness;
let b: Sandbox;
let code: string;

const fullSync = async () => {
  const run = await runCatalogSync({ kind: "full", trigger: "manual" }, { now: h.now, sleep: async () => {} });
  expect(run.status).toBe("succeeded");
  await syncAllOffers(h.now());
};
const shown = async () => (await db.product.findUniqueOrThrow({ where: { itemCode: code } })).inStock;
const offerAt = (supplier: string) =>
  db.offer.findUniqueOrThrow({ where: { supplier_itemCode: { supplier, itemCode: code } } });

beforeAll(async () => {
  two = await createTwoSuppliers();
  ({ h, b } = two);
  // A product both sell (b carries the same item codes as main, at its own price).
  const page = await two.client.catalog({ page: 1, perPage: 50 });
  code = page.products.find((p) => !p.itemCode.startsWith("TEST-"))!.itemCode;
  h.control.publishChanges({ stock: { [code]: 0 } });
  b.control.publishChanges({ stock: { [code]: 5 } });
});

afterAll(() => two.close());

beforeEach(async () => {
  await db.upstreamWallet.deleteMany();
  await db.supplier.deleteMany();
});

it("shows a product out of stock at main but in stock at b as in stock", async () => {
  await fullSync();
  expect((await offerAt("main")).inStock).toBe(false);
  expect((await offerAt("b")).inStock).toBe(true);
  expect(await shown()).toBe(true);
});

it("keeps main's own stock through a later full sync that finds the product unchanged", async () => {
  await fullSync();
  await fullSync();
  expect((await offerAt("main")).inStock).toBe(false);
  expect(await shown()).toBe(true);
});

it("shows it out of stock when b, the only supplier that has it, is disabled", async () => {
  await fullSync();
  await ensureSupplierRows();
  await db.supplier.update({ where: { name: "b" }, data: { enabled: false } });
  await syncAllOffers(h.now());
  expect(await shown()).toBe(false);
});

it("shows it out of stock while b, the only supplier that has it, is paused after a 402", async () => {
  await fullSync();
  await ensureWallet(db, "b");
  await db.upstreamWallet.update({ where: { id: "wallet:b" }, data: { pausedAt: h.now() } });
  await syncAllOffers(h.now());
  expect(await shown()).toBe(false);
});
