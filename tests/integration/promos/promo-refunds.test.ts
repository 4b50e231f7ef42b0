// A refund of a discounted line gives back what was paid for it (the discounted unit price),
// whichever path refunds it — a failed line, the missing codes of a short delivery, staff — and
// the books (money kept = unit price × codes delivered) stay clean.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { refundLineAction } from "@/lib/admin/orders/actions";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { checkBooks } from "@/lib/orders/books/books";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { createHarness, type Harness } from "../orders/harness";
import { settle } from "../money/money-harness";
import { buyWithCode, createPromo, orderOf } from "./promo-harness";

let h: Harness;
let users: TestUsers;
beforeAll(async () => {
  h = await createHarness();
  users = await createRoleUsers("promo-refunds");
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "19.37", "TEST-FAIL": "7.77" } });
  await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { chargedPrice: "19.37", shopPrice: "21.31" } });
  await db.product.update({ where: { itemCode: "TEST-FAIL" }, data: { chargedPrice: "7.77", shopPrice: "8.55" } });
  await createPromo({ code: "SAVE5", value: "5" });
  await createPromo({ code: "TWO-OFF", kind: "amount", value: "2.00" });
});
afterAll(async () => h.close());
afterEach(() => {
  setSessionOverrideForTests(undefined);
  h.control.setFaults({ shortCodesNext: 0 });
});

const money = (rows: { amount: { toFixed(n: number): string }; status: string }[]) =>
  rows.map((r) => [r.amount.toFixed(2), r.status]);
const booksOf = async (orderId: string) => (await checkBooks({ orderIds: [orderId], now: h.now() })).problems;

describe("refunds of discounted lines", () => {
  it("refunds a failed line what was paid for it, beside a delivered line of the same order", async () => {
    // 2.00 shared over 21.31 + 2 × 8.55 = 38.41: 1.12 and 2 × 0.44 (the odd cents to the single unit).
    const r = await buyWithCode(h, [{ itemCode: "TEST-INSTANT" }, { itemCode: "TEST-FAIL", quantity: 2 }], "TWO-OFF");
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const order = await orderOf(r.orderId);
    const failed = order.lines.find((l) => l.itemCode === "TEST-FAIL")!;
    expect([failed.unitPrice.toFixed(2), failed.unitDiscount.toFixed(2), failed.lineTotal.toFixed(2)]).toEqual([
      "8.11",
      "0.44",
      "16.22",
    ]);
    expect(order.total.toFixed(2)).toBe("36.41");
    expect(money(order.refunds)).toEqual([["16.22", "succeeded"]]);
    const providerRefunds = await db.testProviderRefund.findMany({
      where: { chargeRef: order.payments[0]!.providerRef! },
    });
    expect(providerRefunds.map((x) => x.amount.toFixed(2))).toEqual(["16.22"]);
    expect(order.status).toBe("partially_refunded");
    expect(order.promoUse!.status).toBe("active"); // something was delivered with the code
    expect(await booksOf(r.orderId)).toEqual([]);
  });

  it("refunds the discounted unit price for each code a short delivery did not bring", async () => {
    h.control.setFaults({ shortCodesNext: 1, shortCodesMissing: 1 });
    const r = await buyWithCode(h, [{ itemCode: "TEST-INSTANT", quantity: 3 }], "SAVE5");
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    await settle(h, { done: async () => (await orderOf(r.orderId)).refunds.some((x) => x.status === "succeeded") });
    const order = await orderOf(r.orderId);
    expect(order.lines[0]!.unitPrice.toFixed(2)).toBe("20.24");
    expect(money(order.refunds)).toEqual([["20.24", "succeeded"]]);
    expect(await booksOf(r.orderId)).toEqual([]);
  });

  it("gives back the discounted line total when staff refund a delivered line", async () => {
    const r = await buyWithCode(h, [{ itemCode: "TEST-INSTANT", quantity: 2 }], "SAVE5");
    if (!r.ok) throw new Error(r.message);
    await fulfilPaidOrder(r.orderId, h.now());
    const line = (await orderOf(r.orderId)).lines[0]!;
    actAs(users.owner);
    const fd = new FormData();
    for (const [k, v] of Object.entries({ lineId: line.id, reason: "faulty card", confirm: "yes" })) fd.set(k, v);
    expect(await refundLineAction(null, fd)).toMatchObject({ ok: true });
    const order = await orderOf(r.orderId);
    expect(money(order.refunds)).toEqual([["40.48", "succeeded"]]);
    expect([order.status, order.promoUse!.status]).toEqual(["refunded", "released"]);
    expect(await booksOf(r.orderId)).toEqual([]);
  });
});
