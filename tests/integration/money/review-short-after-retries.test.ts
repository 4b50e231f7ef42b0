// Review of the money design: a short answer is read again up to three times before the line is
// settled short (apply-upstream-order.ts) — counted with the line's `checks`, which the purchase
// retries have already been counting up. A line whose purchase needed three retries (5xx) is
// settled short on the FIRST short answer: no read again, the missing codes are refunded, and
// codes the supplier delivers on the next read (paid for by the shop) are never picked up.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { createHarness, seedPaidOrder, type Harness } from "../orders/harness";
import { settle } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => h.control.setFaults({ failNextRequests: 0, shortCodesNext: 0, shortCodesHealOnRead: false }));

describe("a short answer after purchase retries", () => {
  it("is read again like any other short answer: the codes that arrive on the next read are delivered", async () => {
    h.control.setFaults({ failNextRequests: 3, shortCodesNext: 1, shortCodesMissing: 1, shortCodesHealOnRead: true });
    const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT", quantity: 2 });
    await fulfilPaidOrder(order.id, h.now());
    await settle(h, {
      max: 10,
      done: async () => (await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status === "delivered",
    });
    const row = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(await db.upstreamCall.count({ where: { lineId: line.id, endpoint: "POST /orders", httpStatus: 500 } })).toBe(
      3,
    );
    expect({
      status: row.status,
      delivered: row.deliveredQuantity,
      refunds: await db.refund.count({ where: { lineId: line.id } }),
    }).toEqual({ status: "delivered", delivered: 2, refunds: 0 });
  });
});
