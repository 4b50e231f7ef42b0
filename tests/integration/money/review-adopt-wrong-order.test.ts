// Review of the money design: after an unknown outcome, a refusal without an order id makes the
// shop look for "an upstream order of the same SKU and quantity, made since the first attempt and
// not linked to a line yet" (find-upstream-order.ts). That matches ANOTHER line's order whose own
// purchase is also unresolved: line B adopts line A's order (B's shopper gets A's codes — bought
// for A's email), then A's replay returns its own order, which B already holds (unique
// upstreamOrderId): A can never record it, and stays paid with nothing, retried for ever.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilLine } from "@/lib/orders/fulfilment/fulfil-line";
import { processOwner, withLineLease } from "@/lib/orders/core/line-lease";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { createHarness, seedPaidOrder, type Harness, installSandboxClient } from "../orders/harness";
import { settle } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => {
  h.control.setFaults({ responseDelayMs: 0, responseDelayNextPurchases: 0, failNextRequests: 0 });
  h.control.publishChanges({ stock: { "TEST-INSTANT": 1000 } });
  installSandboxClient(h.sandbox, 5000);
});

const lineRow = (id: string) => db.orderLine.findUniqueOrThrow({ where: { id } });

describe("two lines of the same SKU, both with an unknown purchase outcome", () => {
  it("never take each other's supplier order: each line ends with the order bought under its own key", async () => {
    // Line A: the purchase is made upstream, but the answer comes after our client gave up.
    installSandboxClient(h.sandbox, 50);
    h.control.setFaults({ responseDelayMs: 300, responseDelayNextPurchases: 1 });
    const a = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await fulfilPaidOrder(a.order.id, h.now());
    const keyA = (await lineRow(a.line.id)).idempotencyKey;
    await expect.poll(() => h.control.listOrders().filter((o) => o.idempotency_key === keyA).length).toBe(1);
    installSandboxClient(h.sandbox, 5000);

    // Line B (another shopper, same SKU and quantity): the upstream answers 500 before doing anything.
    h.control.setFaults({ failNextRequests: 1 });
    const b = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await fulfilPaidOrder(b.order.id, h.now());
    expect((await lineRow(b.line.id)).unknownOutcomeAt).not.toBeNull();
    expect((await lineRow(a.line.id)).unknownOutcomeAt).not.toBeNull();

    // The SKU sells out; B's retry is refused without an order id, so B looks for "its" order.
    h.control.publishChanges({ stock: { "TEST-INSTANT": 0 } });
    await withLineLease(b.line.id, processOwner, h.now(), () =>
      fulfilLine(b.line.id, { now: h.now(), cause: "reconciler" }),
    );
    // Long enough for B's search window (30 minutes) to pass.
    await settle(h, { stepMs: 5 * 60_000, max: 10 });

    const [rowA, rowB] = [await lineRow(a.line.id), await lineRow(b.line.id)];
    const keyOf = (orderId: number | null) =>
      h.control.listOrders().find((o) => o.order_id === orderId)?.idempotency_key ?? null;
    expect({ a: rowA.status, b: rowB.status }).toEqual({ a: "delivered", b: "refunded" });
    expect({ a: keyOf(rowA.upstreamOrderId), b: keyOf(rowB.upstreamOrderId) }).toEqual({
      a: rowA.idempotencyKey,
      b: null,
    });
  });
});
