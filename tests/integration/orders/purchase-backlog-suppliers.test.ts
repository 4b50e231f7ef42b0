// The purchase backlog with several suppliers (docs/operations.md#when-orders-come-faster-than-the-supplier-can-fill-them):
// each enabled supplier's account buys within its own budget, so the lines that may wait are what
// all of them buy in the bound together, not main's budget alone. Main and b, 2 calls a minute each.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTwoSuppliers, type TwoSuppliers } from "../suppliers/two-suppliers";
import { checkout, type Harness } from "./harness";
import { seedWaitingLines as seedLines } from "./waiting-lines";

let h: Harness;
let two: TwoSuppliers;
beforeAll(async () => {
  two = await createTwoSuppliers({ env: { UPSTREAM_RATE_LIMIT: "2", UPSTREAM_B_RATE_LIMIT: "2" } });
  h = two.h;
});
afterAll(() => two.close());
beforeEach(async () => {
  // Each case starts with no line waiting for a supplier, and both suppliers enabled.
  await db.orderLine.updateMany({ where: { status: { in: ["paid", "purchasing"] } }, data: { status: "delivered" } });
  await db.supplier.deleteMany();
});

/** Paid lines not yet bought, half of them routed to b, as the purchase queue holds them. */
const seedWaitingLines = (count: number) =>
  seedLines(count, (i) => ({ status: "paid", supplier: i % 2 === 0 ? "main" : "b" }));

describe("purchase backlog with two suppliers", () => {
  const email = () => `late-${randomUUID()}@example.com`;

  it("accepts a checkout while the waiting lines fit what both suppliers' budgets buy in the bound", async () => {
    // Main's budget alone buys 4 lines in two minutes; main's and b's together buy 8.
    await seedWaitingLines(5);
    const shopper = email();
    const result = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { email: shopper });
    expect(result).toMatchObject({ ok: true });
    expect(await db.payment.count({ where: { order: { email: shopper } } })).toBe(1);
  });

  it("refuses it before payment once they exceed both budgets together", async () => {
    await seedWaitingLines(8);
    const shopper = email();
    const result = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { email: shopper });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.outcome).toBe("busy");
    expect(await db.payment.count({ where: { order: { email: shopper } } })).toBe(0);
  });

  it("counts only the budgets of enabled suppliers: with b disabled, main's alone", async () => {
    await db.supplier.create({ data: { name: "b", label: "Supplier b", priority: 0, enabled: false } });
    await seedWaitingLines(5);
    const shopper = email();
    const result = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { email: shopper });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.outcome).toBe("busy");
  });
});
