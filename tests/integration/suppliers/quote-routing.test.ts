// Routing at quote (docs/suppliers.md#routing): the quote's live check and price-rise guard use the
// offer routeLine chooses, its proof names that offer, and checkout checks the same offer; a
// supplier whose request budget is spent reads as without budget. Two sandbox suppliers, main and b.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { quoteItems } from "@/lib/orders/quote/quote";
import { readQuoteProof } from "@/lib/orders/quote/quote-proof";
import { readSupplierStates } from "@/lib/orders/routing/supplier-states";
import type { Sandbox } from "@/lib/sandbox";
import { storeBudget, type Harness } from "../orders/harness";
import { bKey, createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

const code = "TEST-INSTANT";
const items = [{ itemCode: code, quantity: 1 }];

let two: TwoSuppliers;
let h: Harness;
let b: Sandbox;

beforeAll(async () => {
  two = await createTwoSuppliers();
  ({ h, b } = two);
});

afterAll(() => two.close());

beforeEach(async () => {
  await db.offer.deleteMany();
  await db.upstreamWallet.deleteMany();
  await db.upstreamBudget.deleteMany();
  await db.supplier.deleteMany();
  // Sold out at main, in stock at b.
  h.control.publishChanges({ stock: { [code]: 0 } });
  b.control.publishChanges({ stock: { [code]: 50 } });
  const product = await db.product.findUniqueOrThrow({ where: { itemCode: code } });
  await db.offer.createMany({
    data: [
      {
        supplier: "main",
        itemCode: code,
        productCode: code,
        unitCost: product.chargedPrice,
        currency: "USD",
        inStock: false,
      },
      {
        supplier: "b",
        itemCode: code,
        productCode: code,
        unitCost: product.chargedPrice,
        currency: "USD",
        inStock: true,
      },
    ],
  });
});

it("quotes a product sold out at main from b's offer, with b's live check, and the proof names that offer", async () => {
  const quote = await quoteItems(items, { now: h.now() });
  expect(quote.problems).toEqual([]);
  expect(quote.lines[0]).toMatchObject({ supplier: "b", supplierItemCode: null });
  const proven = readQuoteProof(quote.proof, items, env.SHOP_CURRENCY, h.now());
  expect(proven?.get(code)).toMatchObject({ supplier: "b", supplierItemCode: code });
});

it("checks at checkout the offer its quote proof names, though main has since become cheaper", async () => {
  const quote = await quoteItems(items, { now: h.now() });
  h.control.publishChanges({ stock: { [code]: 50 } });
  await db.offer.update({
    where: { supplier_itemCode: { supplier: "main", itemCode: code } },
    data: { inStock: true, unitCost: "0.01" },
  });
  const proven = readQuoteProof(quote.proof, items, env.SHOP_CURRENCY, h.now());
  const atCheckout = await quoteItems(items, { now: h.now(), proven });
  expect(atCheckout.problems).toEqual([]);
  expect(atCheckout.lines[0]).toMatchObject({ supplier: "b" });
  // Without the proof, routing takes the cheaper offer again.
  expect((await quoteItems(items, { now: h.now() })).lines[0]).toMatchObject({ supplier: "main" });
});

it("reads a supplier whose request budget for this minute is spent as without budget, until the next minute", async () => {
  await storeBudget(h, bKey, 100);
  const states = await readSupplierStates(h.now());
  expect(states.find((s) => s.name === "b")).toMatchObject({ hasBudget: false });
  expect(states.find((s) => s.name === "main")).toMatchObject({ hasBudget: true });
  // Which offer a quote then takes: purchases-first.test.ts.
  // The next minute, b has budget again.
  expect((await readSupplierStates(new Date(h.clock.ms + 60_000))).find((s) => s.name === "b")).toMatchObject({
    hasBudget: true,
  });
});
