// Receipts: by the order's token (the order page's access rule), only once money was taken,
// with the lines, the promo discount, the payment, refunds and — when the owner set a rate — the
// tax included; the order page and the order email link it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { getOrderViewByToken } from "@/lib/orders/view/order-view";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { getReceiptByToken } from "@/lib/receipts/receipt";
import { updateReceiptSettings } from "@/lib/receipts/receipt-settings";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";
import { sentText } from "../../helpers/outbox-mail";
import { cards, createHarness, type Harness } from "../orders/harness";
import { buyWithCode, createPromo } from "./promo-harness";

let h: Harness;
let users: TestUsers;
beforeAll(async () => {
  h = await createHarness();
  users = await createRoleUsers("receipts");
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "19.37", "TEST-FAIL": "19.37" } });
  for (const itemCode of ["TEST-INSTANT", "TEST-FAIL"])
    await db.product.update({ where: { itemCode }, data: { chargedPrice: "19.37", shopPrice: "21.31" } });
  await createPromo({ code: "RECEIPT5", value: "5" });
});
afterAll(async () => h.close());
afterEach(() => setSessionOverrideForTests(undefined));

async function paidOrder(items: { itemCode: string; quantity?: number }[], card = cards.ok) {
  const r = await buyWithCode(h, items, "RECEIPT5", { card });
  const order = await db.order.findFirstOrThrow({ orderBy: { createdAt: "desc" } });
  if (r.ok) await fulfilPaidOrder(r.orderId, h.now());
  return order;
}

describe("the receipt", () => {
  it("shows the reference, the lines with their discount, the totals and the payment; no tax line by default", async () => {
    const order = await paidOrder([{ itemCode: "TEST-INSTANT", quantity: 3 }]);
    const r = await getReceiptByToken(order.token);
    if (!r?.paid) throw new Error("expected a receipt");
    expect(r).toMatchObject({
      reference: order.reference,
      email: "buyer@example.com",
      lines: [{ name: "TEST-INSTANT", quantity: 3, unitPrice: "21.31", discount: "3.21", total: "60.72" }],
      subtotal: "63.93",
      promo: { code: "RECEIPT5", discount: "3.21" },
      total: "60.72",
      tax: null,
      payment: { method: "TEST card •••• 4242", amount: "60.72" },
      refunds: [],
      netPaid: "60.72",
    });
    expect(r.reference).toMatch(/^GF-/);
    const view = await getOrderViewByToken(order.token);
    expect(view).toMatchObject({ hasReceipt: true, promo: { code: "RECEIPT5", discount: "3.21" } });
  });

  it("adds the tax included once the owner sets a rate (audited); other roles cannot", async () => {
    actAs(users.staff);
    expect(await updateReceiptSettings({ taxLabel: "VAT", taxRatePercent: "20", businessDetails: "" })).toMatchObject({
      ok: false,
    });
    actAs(users.owner);
    expect(await updateReceiptSettings({ taxLabel: "", taxRatePercent: "20", businessDetails: "" })).toMatchObject({
      ok: false,
      fieldErrors: { taxLabel: expect.any(Array) },
    });
    expect(
      await updateReceiptSettings({
        taxLabel: "VAT",
        taxRatePercent: "20",
        businessDetails: "Giftly Ltd\n1 Market Street, London\nVAT GB123456789",
      }),
    ).toMatchObject({ ok: true });
    expect(await db.auditLog.count({ where: { action: "settings.receipt.update", actorId: users.owner.id } })).toBe(1);
    const order = await db.order.findFirstOrThrow({ where: { promoCode: "RECEIPT5", status: "completed" } });
    const r = await getReceiptByToken(order.token);
    expect(r).toMatchObject({
      tax: { label: "VAT", rate: "20", amount: "10.12" },
      businessDetails: ["Giftly Ltd", "1 Market Street, London", "VAT GB123456789"],
    });
  });

  it("lists a refund and what was paid after it", async () => {
    const order = await paidOrder([{ itemCode: "TEST-INSTANT" }, { itemCode: "TEST-FAIL" }]);
    const r = await getReceiptByToken(order.token);
    if (!r?.paid) throw new Error("expected a receipt");
    expect(r.total).toBe("40.48");
    expect(r.refunds.map((x) => [x.label, x.item, x.amount])).toEqual([["Refunded", "TEST-FAIL", "20.24"]]);
    expect([r.refundedTotal, r.netPaid]).toEqual(["20.24", "20.24"]);
  });

  it("has no receipt before the money is taken, nor for a declined card; an unknown token has nothing", async () => {
    const declined = await paidOrder([{ itemCode: "TEST-INSTANT" }], cards.declined);
    expect(await getReceiptByToken(declined.token)).toEqual({
      paid: false,
      reference: declined.reference,
      locale: "en",
    });
    const delayed = await paidOrder([{ itemCode: "TEST-INSTANT" }], cards.delayed);
    expect(await getReceiptByToken(delayed.token)).toMatchObject({ paid: false });
    expect((await getOrderViewByToken(delayed.token))?.hasReceipt).toBe(false);
    expect(await getReceiptByToken("x".repeat(43))).toBeNull();
    expect(await getReceiptByToken("../admin")).toBeNull();
  });

  it("is linked from the order email, which shows the discount", async () => {
    const order = await db.order.findFirstOrThrow({
      where: { promoCode: "RECEIPT5", status: "completed" },
      orderBy: { createdAt: "asc" },
    });
    const email = await db.outboxEmail.findFirstOrThrow({ where: { orderId: order.id, kind: "order_received" } });
    expect(sentText(email)).toContain(`/orders/${order.token}/receipt`);
    expect(email.text).toContain("Discount (code RECEIPT5)");
  });
});
