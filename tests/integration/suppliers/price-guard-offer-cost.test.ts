// The price guard inside the quote window (docs/money-rules.md#m5) for a line bought from another
// supplier: the catalog cost that can contradict the line's price is that supplier's offer, the one
// the line was sold on, not main's row of the product. Two sandbox suppliers, main and b.
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import type { Sandbox } from "@/lib/sandbox";
import { seedPaidOrder, type Harness } from "../orders/harness";
import { createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

const code = "TEST-INSTANT";

let two: TwoSuppliers;
let h: Harness;
let b: Sandbox;

beforeAll(async () => {
  two = await createTwoSuppliers();
  ({ h, b } = two);
});

afterEach(async () => {
  b.control.publishChanges({ priceChanges: { [code]: "1.00" } });
  await db.product.update({ where: { itemCode: code }, data: { chargedPrice: "1.00", shopPrice: "1.10" } });
  await db.offer.deleteMany();
});

afterAll(() => two.close());

/** A paid line at cost 1.00 sold for 1.10, routed to b at its quote (checked live just now); main's row of the product costs `costs.main`. */
async function paidAtB(costs: { main: string; b: string }, mainInStock = true) {
  await db.product.update({ where: { itemCode: code }, data: { chargedPrice: costs.main } });
  await db.offer.createMany({
    data: [
      {
        supplier: "main",
        itemCode: code,
        productCode: code,
        unitCost: costs.main,
        currency: "USD",
        inStock: mainInStock,
      },
      { supplier: "b", itemCode: code, productCode: code, unitCost: costs.b, currency: "USD", inStock: true },
    ],
  });
  const { order, line } = await seedPaidOrder(h, { itemCode: code, unitPrice: "1.10" });
  await db.orderLine.update({ where: { id: line.id }, data: { supplier: "b", priceCheckedAt: h.now() } });
  return { order, line };
}

it("does not buy a line at b inside the quote window when a later read of b's catalog saw its cost rise", async () => {
  // Only b has it in stock, so the line stays at b.
  const { order, line } = await paidAtB({ main: "1.00", b: "1.00" }, false);
  await h.advance(30_000);
  // b now charges 8.00 and its offers' read has seen it; main's row is unchanged.
  b.control.publishChanges({ priceChanges: { [code]: "8.00" } });
  await db.offer.update({
    where: { supplier_itemCode: { supplier: "b", itemCode: code } },
    data: { unitCost: "8.00" },
  });
  await fulfilPaidOrder(order.id, h.now());
  const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
  expect(after.upstreamOrderId).toBeNull();
  expect(["failed", "refunding", "refunded"]).toContain(after.status);
});

it("buys a line at b inside the quote window without asking again while b's offer shows no higher cost, though main's row is dearer", async () => {
  const { order, line } = await paidAtB({ main: "1.05", b: "1.00" });
  await h.advance(30_000);
  await fulfilPaidOrder(order.id, h.now());
  const after = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
  expect(after.upstreamOrderId).not.toBeNull();
  expect(await db.upstreamCall.count({ where: { lineId: line.id, endpoint: "POST /orders/check" } })).toBe(0);
});
