// Checkout refuses before payment when the lines already paid and waiting for the supplier would
// take longer than the bound to buy within the upstream budget (docs/operations.md#when-orders-come-faster-than-the-supplier-can-fill-them).
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { checkout, createHarness, type Harness } from "./harness";
import { seedWaitingLines as seedLines } from "./waiting-lines";

/** Lines paid (one `purchasing`) and not yet bought, as the purchase queue holds them. */
const seedWaitingLines = (count: number) => seedLines(count, (i) => ({ status: i === 0 ? "purchasing" : "paid" }));

let h: Harness;
beforeAll(async () => {
  // A budget of 2 calls a minute: over the 2-minute bound the supplier can fill 4 lines.
  vi.stubEnv("UPSTREAM_RATE_LIMIT", "2");
  resetEnvForTests();
  h = await createHarness();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  await h.close();
});
beforeEach(async () => {
  // Each case starts with no line waiting for the supplier.
  await db.orderLine.updateMany({ where: { status: { in: ["paid", "purchasing"] } }, data: { status: "delivered" } });
});

describe("purchase backlog", () => {
  const email = () => `late-${randomUUID()}@example.com`;

  it("refuses a checkout before payment when the paid lines waiting for the supplier exceed what the budget buys in the bound", async () => {
    await seedWaitingLines(4);
    const shopper = email();
    const result = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { email: shopper });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toBe(
      "We are taking orders faster than our supplier can fill them right now. Nothing was charged; please try again in a minute or two.",
    );
    expect(result.outcome).toBe("busy");
    expect(await db.order.count({ where: { email: shopper } })).toBe(0);
    expect(await db.payment.count({ where: { order: { email: shopper } } })).toBe(0);
  });

  it("accepts it under the bound", async () => {
    await seedWaitingLines(3);
    const shopper = email();
    const result = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { email: shopper });
    expect(result.ok).toBe(true);
    expect(await db.payment.count({ where: { order: { email: shopper } } })).toBe(1);
  });
});
