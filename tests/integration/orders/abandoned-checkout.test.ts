// An order whose process stopped between creating it and asking for payment (crash, killed
// instance, provider error) is cancelled by the reconciler after 15 minutes: nothing charged,
// nothing bought, top-up fields wiped. Orders with a payment attempt are left to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { abandonedCheckoutMs, cancelAbandonedCheckouts } from "@/lib/orders/confirm-payment";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { createHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let n = 0;
async function unpaidOrder(createdAt: Date, withPayment = false) {
  const order = await db.order.create({
    data: {
      token: `abandoned-${++n}`, email: "a@example.test", currency: "USD", total: 10, status: "awaiting_payment", createdAt,
      lines: {
        create: {
          itemCode: "TEST-TOPUP", productName: "Top-up", productType: "test", brand: "Test", quantity: 1, unitCost: 9, unitPrice: 10,
          lineTotal: 10, currency: "USD", status: "awaiting_payment", isTopup: true, fieldsEnc: "enc:v1:fields", createdAt,
        },
      },
      ...(withPayment ? { payments: { create: { provider: "test", providerRef: `tp_${n}`, amount: 10, currency: "USD", status: "pending", createdAt } } } : {}),
    },
    include: { lines: true },
  });
  return order;
}

describe("abandoned checkouts", () => {
  it("cancels an order that never got a payment attempt once it is older than 15 minutes, and only that one", async () => {
    const now = h.now();
    const old = await unpaidOrder(new Date(now.getTime() - abandonedCheckoutMs - 1000));
    const fresh = await unpaidOrder(new Date(now.getTime() - 60_000));
    const paying = await unpaidOrder(new Date(now.getTime() - abandonedCheckoutMs - 1000), true);

    expect(await cancelAbandonedCheckouts(now)).toBe(1);
    const cancelled = await db.order.findUniqueOrThrow({ where: { id: old.id }, include: { lines: true, events: true } });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.lines[0]).toMatchObject({ status: "cancelled", fieldsEnc: null });
    expect(cancelled.events.map((e) => e.message)).toContain("Checkout was not completed. Nothing was charged.");
    expect((await db.order.findUniqueOrThrow({ where: { id: fresh.id } })).status).toBe("awaiting_payment");
    expect((await db.order.findUniqueOrThrow({ where: { id: paying.id } })).status).toBe("awaiting_payment");
    expect(await db.refund.count()).toBe(0);

    // Idempotent: a second pass (or another instance) finds nothing more to do.
    expect(await cancelAbandonedCheckouts(now)).toBe(0);
  });

  it("runs as part of every reconciler pass", async () => {
    const now = h.now();
    const old = await unpaidOrder(new Date(now.getTime() - abandonedCheckoutMs - 5000));
    await reconcileOnce({ now });
    expect((await db.order.findUniqueOrThrow({ where: { id: old.id } })).status).toBe("cancelled");
  });
});
