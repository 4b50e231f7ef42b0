// An order whose process stopped between writing the order (with its payment attempt, in one
// transaction) and asking the provider — a crash, a killed instance — is settled by the
// reconciler once the attempt is two minutes old: the provider has no payment under its key (and
// the key is closed, so a late call cannot charge), so the order is cancelled, nothing charged,
// nothing bought, top-up fields wiped. A younger attempt is left to the checkout still running.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { initiatedPaymentGraceMs } from "@/lib/orders/core/schedule";
import { createHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let n = 0;
async function stoppedCheckout(createdAt: Date) {
  return db.order.create({
    data: {
      token: `abandoned-${++n}`,
      email: "a@example.test",
      currency: "USD",
      total: 10,
      status: "awaiting_payment",
      createdAt,
      lines: {
        create: {
          itemCode: "TEST-TOPUP",
          productName: "Top-up",
          productType: "test",
          brand: "Test",
          quantity: 1,
          unitCost: 9,
          unitPrice: 10,
          lineTotal: 10,
          currency: "USD",
          status: "awaiting_payment",
          isTopup: true,
          fieldsEnc: "enc:v1:fields",
          createdAt,
        },
      },
      payments: {
        create: {
          provider: "test",
          amount: 10,
          currency: "USD",
          status: "initiated",
          nextCheckAt: new Date(createdAt.getTime() + initiatedPaymentGraceMs),
          createdAt,
        },
      },
    },
    include: { lines: true, payments: true },
  });
}

describe("a checkout stopped before the payment provider was called", () => {
  it("is cancelled by the reconciler once its attempt is older than the grace, with nothing charged", async () => {
    const now = h.now();
    const old = await stoppedCheckout(new Date(now.getTime() - initiatedPaymentGraceMs - 1000));
    const fresh = await stoppedCheckout(new Date(now.getTime() - 30_000));

    await reconcileOnce({ now });
    const cancelled = await db.order.findUniqueOrThrow({
      where: { id: old.id },
      include: { lines: true, events: true, payments: true },
    });
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.payments[0]).toMatchObject({ status: "failed" });
    expect(cancelled.lines[0]).toMatchObject({ status: "cancelled", fieldsEnc: null });
    expect(cancelled.events.map((e) => e.message)).toContain("The payment was not completed. Nothing was charged.");
    // The key is closed at the provider: a late call with it is declined, never charged.
    expect(
      await db.testProviderCharge.findUniqueOrThrow({ where: { idempotencyKey: old.payments[0]!.id } }),
    ).toMatchObject({ status: "void" });
    expect((await db.order.findUniqueOrThrow({ where: { id: fresh.id } })).status).toBe("awaiting_payment");
    expect(await db.refund.count()).toBe(0);

    // Idempotent: a second pass (or another instance) finds nothing more to do.
    await reconcileOnce({ now });
    expect(await db.orderEvent.count({ where: { orderId: old.id, toStatus: "cancelled", lineId: null } })).toBe(1);
  });
});
