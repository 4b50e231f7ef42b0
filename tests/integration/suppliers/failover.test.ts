// Failover at purchase (docs/suppliers.md#failover): a definite failure at the line's supplier moves
// it to the next offer with a new key; an unknown outcome is resolved at the same supplier first;
// the line is bought once either way. Two sandbox suppliers, main and b, on one clock.
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { fulfilLine } from "@/lib/orders/fulfilment/fulfil-line";
import { processOwner, withLineLease } from "@/lib/orders/core/line-lease";
import type { Sandbox } from "@/lib/sandbox";
import { ensureSupplierRows } from "@/lib/suppliers/rows";
import { recordBalanceRead } from "@/lib/wallet/estimate";
import { ensureWallet } from "@/lib/wallet/wallet-row";
import { seedPaidOrder, type Harness } from "../orders/harness";
import { createTwoSuppliers, type TwoSuppliers } from "./two-suppliers";

let two: TwoSuppliers;
let h: Harness;
let b: Sandbox;

beforeAll(async () => {
  two = await createTwoSuppliers({ timeoutMs: 5000 });
  ({ h, b } = two);
});

afterAll(() => two.close());

beforeEach(async () => {
  await db.offer.deleteMany();
  await db.upstreamWallet.deleteMany();
  await db.supplier.deleteMany();
  h.control.setFaults({});
  b.control.setFaults({});
});

type OfferRow = { supplier: string; itemCode: string; unitCost: string; inStock?: boolean };

async function offers(productCode: string, rows: OfferRow[]) {
  await db.offer.createMany({
    data: rows.map((r) => ({ ...r, productCode, currency: "USD", inStock: r.inStock ?? true })),
  });
}

/** Works the line as the reconciler would, a minute apart, until it settles (or 10 steps). */
async function work(lineId: string) {
  for (let i = 0; i < 10; i++) {
    const line = await db.orderLine.findUniqueOrThrow({ where: { id: lineId } });
    if (line.status !== "paid" && line.status !== "purchasing" && line.status !== "failed") return line;
    await withLineLease(lineId, processOwner, h.now(), () => fulfilLine(lineId, { now: h.now(), cause: "reconciler" }));
    await h.advance(60_000);
  }
  return db.orderLine.findUniqueOrThrow({ where: { id: lineId } });
}

const ordersWithKey = (sandbox: Pick<Sandbox, "control">, key: string | null) =>
  sandbox.control.listOrders().filter((o) => o.idempotency_key === key);

it("buys an item out of stock at main from b, once, under a new key for b", async () => {
  await offers("TEST-OOS", [
    { supplier: "main", itemCode: "TEST-OOS", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "1.02" },
  ]);
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-OOS" });
  const after = await work(line.id);
  expect(after).toMatchObject({ status: "delivered", supplier: "b", supplierItemCode: "TEST-INSTANT" });
  const attempts = await db.purchaseAttempt.findMany({ where: { lineId: line.id }, orderBy: { createdAt: "asc" } });
  expect(attempts.map((a) => [a.supplier, a.outcome])).toEqual([
    ["main", "failed_over"],
    ["b", "live"],
  ]);
  expect(attempts[0]!.idempotencyKey).not.toBe(attempts[1]!.idempotencyKey);
  expect(attempts[1]!.idempotencyKey).toBe(after.idempotencyKey);
  expect(ordersWithKey(h, attempts[0]!.idempotencyKey)).toHaveLength(0);
  expect(ordersWithKey(b, after.idempotencyKey)).toHaveLength(1);
  const events = await db.orderEvent.findMany({ where: { lineId: line.id, kind: "failover" } });
  expect(events).toHaveLength(1);
});

it("fails a 402 at main over to b and pauses main only", async () => {
  await offers("TEST-INSTANT", [
    { supplier: "main", itemCode: "TEST-INSTANT", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "1.05" },
  ]);
  const balance = h.control.getBalance();
  h.control.setBalance("0.00");
  try {
    const { line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    const after = await work(line.id);
    expect(after).toMatchObject({ status: "delivered", supplier: "b" });
    expect(after.unitCost.toFixed(2)).toBe("1.05");
    expect((await ensureWallet(db, "main")).pausedAt).not.toBeNull();
    expect((await ensureWallet(db, "b")).pausedAt).toBeNull();
    expect(ordersWithKey(b, after.idempotencyKey)).toHaveLength(1);
  } finally {
    h.control.setBalance(balance);
  }
});

it("passes over a supplier whose wallet cannot pay, and refunds the line as before", async () => {
  await offers("TEST-OOS", [
    { supplier: "main", itemCode: "TEST-OOS", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "1.00" },
  ]);
  await recordBalanceRead({ balance: "0.50", currency: "USD" }, h.now(), new Prisma.Decimal(0), "b");
  const ordersAtB = b.control.listOrders().length;
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-OOS" });
  const after = await work(line.id);
  expect(after).toMatchObject({ status: "refunded", supplier: "main" });
  expect(b.control.listOrders()).toHaveLength(ordersAtB);
});

it("resolves an unknown outcome at main before any failover, and the line is bought once", async () => {
  await offers("TEST-INSTANT", [
    { supplier: "main", itemCode: "TEST-INSTANT", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "1.05" },
  ]);
  h.control.setFaults({ dropNextPurchases: 1 });
  const ordersAtB = b.control.listOrders().length;
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
  const after = await work(line.id);
  expect(after).toMatchObject({ status: "delivered", supplier: "main" });
  expect(ordersWithKey(h, after.idempotencyKey)).toHaveLength(1);
  expect(b.control.listOrders()).toHaveLength(ordersAtB);
  expect(await db.purchaseAttempt.findMany({ where: { lineId: line.id } })).toMatchObject([
    { supplier: "main", outcome: "live" },
  ]);
});

it("routes a paid line to the cheapest offer in stock, at its supplier's item code", async () => {
  await offers("TEST-PENDING", [
    { supplier: "main", itemCode: "TEST-PENDING", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "0.95" },
  ]);
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-PENDING" });
  const after = await work(line.id);
  expect(after).toMatchObject({ status: "delivered", supplier: "b", supplierItemCode: "TEST-INSTANT" });
  expect(after.unitCost.toFixed(2)).toBe("0.95");
  expect(ordersWithKey(b, after.idempotencyKey)).toHaveLength(1);
  expect(ordersWithKey(h, after.idempotencyKey)).toHaveLength(0);
});

it("skips the cheaper supplier whose wallet cannot pay for the line", async () => {
  await offers("TEST-INSTANT", [
    { supplier: "main", itemCode: "TEST-INSTANT", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "0.95" },
  ]);
  await recordBalanceRead({ balance: "0.50", currency: "USD" }, h.now(), new Prisma.Decimal(0), "b");
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
  const after = await work(line.id);
  expect(after).toMatchObject({ status: "delivered", supplier: "main" });
  expect(ordersWithKey(h, after.idempotencyKey)).toHaveLength(1);
});

it("never routes to an offer that costs more than the shopper pays", async () => {
  await offers("TEST-OOS", [
    { supplier: "main", itemCode: "TEST-OOS", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "1.20" },
  ]);
  const ordersAtB = b.control.listOrders().length;
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-OOS" }); // sold at 1.10
  const after = await work(line.id);
  expect(after).toMatchObject({ status: "refunded", supplier: "main" });
  expect(b.control.listOrders()).toHaveLength(ordersAtB);
});

it("routes a line its supplier reports out of stock at the check before purchase to b's offer", async () => {
  await offers("TEST-OOS", [
    { supplier: "main", itemCode: "TEST-OOS", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "1.02" },
  ]);
  const { line } = await seedPaidOrder(h, { itemCode: "TEST-OOS" });
  // Quoted a day ago: priced again, at its supplier, before it is bought.
  await db.orderLine.update({ where: { id: line.id }, data: { priceCheckedAt: new Date(h.clock.ms - 86_400_000) } });
  const after = await work(line.id);
  expect(after).toMatchObject({ status: "delivered", supplier: "b", supplierItemCode: "TEST-INSTANT" });
  const mainOffer = await db.offer.findUniqueOrThrow({
    where: { supplier_itemCode: { supplier: "main", itemCode: "TEST-OOS" } },
  });
  expect(mainOffer.inStock).toBe(false);
  const checks = await db.upstreamCall.findMany({ where: { lineId: line.id, endpoint: "POST /orders/check" } });
  expect(checks).toHaveLength(2);
  expect(ordersWithKey(b, after.idempotencyKey)).toHaveLength(1);
});

it("refunds a line sold out at its supplier before purchase when the other offer's supplier is disabled", async () => {
  await offers("TEST-INSTANT", [
    { supplier: "main", itemCode: "TEST-INSTANT", unitCost: "1.00" },
    { supplier: "b", itemCode: "TEST-INSTANT", unitCost: "0.95" },
  ]);
  await ensureSupplierRows();
  await db.supplier.update({ where: { name: "main" }, data: { enabled: false } });
  b.control.publishChanges({ stock: { "TEST-INSTANT": 0 } });
  try {
    const { line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    // Quoted a day ago: checked again at b before it is bought, and b has none left.
    await db.orderLine.update({ where: { id: line.id }, data: { priceCheckedAt: new Date(h.clock.ms - 86_400_000) } });
    const after = await work(line.id);
    expect(after).toMatchObject({ status: "refunded", supplier: "b" });
    expect(h.control.listOrders().filter((o) => o.idempotency_key === after.idempotencyKey)).toHaveLength(0);
  } finally {
    b.control.publishChanges({ stock: { "TEST-INSTANT": 1_000_000 } });
  }
});
