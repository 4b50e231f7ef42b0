// The shopper's order page (issue 14 item 6): a short reference to quote, a timeline that says
// each thing once, and the "being processed, we will email you" promise only after payment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getOrderViewByToken } from "@/lib/orders/view/order-view";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { cards, checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

async function placed(itemCode: string, card = cards.ok) {
  const r = await checkout(h, [{ itemCode }], { card });
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe("order page words", () => {
  it("gives every order a short unique reference when it is created, and shows it", async () => {
    const a = await placed("TEST-INSTANT");
    const b = await placed("TEST-INSTANT");
    const refA = (await db.order.findUniqueOrThrow({ where: { id: a.orderId } })).reference;
    const refB = (await db.order.findUniqueOrThrow({ where: { id: b.orderId } })).reference;
    expect(refA).toMatch(/^GF-[2-9A-HJKMNP-TV-Z]{6}$/);
    expect(refB).toMatch(/^GF-[2-9A-HJKMNP-TV-Z]{6}$/);
    expect(refA).not.toBe(refB);
    expect((await getOrderViewByToken(a.token))?.reference).toBe(refA);
    const received = await db.outboxEmail.findFirstOrThrow({ where: { orderId: a.orderId, kind: "order_received" } });
    expect(received.subject).toContain(refA);
    expect(received.text).toContain(`ORDER ${refA}`);
  });

  it("says the payment was confirmed once, not again as 'Paid.'", async () => {
    const r = await placed("TEST-INSTANT");
    await fulfilPaidOrder(r.orderId, h.now());
    const messages = (await getOrderViewByToken(r.token))!.timeline.map((t) => t.message);
    expect(messages.filter((m) => /confirmed/.test(m))).toHaveLength(1);
    expect(messages).not.toContain("Paid.");
    expect(new Set(messages).size).toBe(messages.length);
  });

  it("promises processing only once the payment is confirmed", async () => {
    const waiting = await placed("TEST-PENDING", cards.delayed);
    expect(await getOrderViewByToken(waiting.token)).toMatchObject({ status: "awaiting_payment", processing: false });
    const paid = await placed("TEST-PENDING");
    await fulfilPaidOrder(paid.orderId, h.now());
    expect(await getOrderViewByToken(paid.token)).toMatchObject({ status: "paid", processing: true });
  });
});
