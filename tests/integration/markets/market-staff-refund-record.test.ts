// A staff refund of a delivered rupiah line: the staff member is told, and the audit log records,
// what was given back in the currency it was given back in (docs/money-rules.md#m7: every staff
// action is recorded) — not the line's wallet-currency value labelled as rupiah.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refundLineAction } from "@/lib/admin/orders/actions";
import { db, Prisma } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { actAs, createRoleUsers } from "../auth/helpers";
import { createHarness, type Harness } from "../orders/harness";
import { createIndonesia, pinPrices, buyInMarket, orderWithMoney } from "./market-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // TEST-INSTANT: cost 19.37 → 21.31 USD.
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  await createIndonesia(h);
});
afterAll(async () => h.close());

describe("a staff refund of a delivered rupiah line", () => {
  it("tells staff and records in the audit log the rupiah amount given back, in rupiah", async () => {
    const { result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], { market: "id" });
    if (!result.ok) throw new Error(result.message);
    await fulfilPaidOrder(result.orderId, h.now());
    const line = (await orderWithMoney(result.orderId)).lines[0]!;
    expect(line.status).toBe("delivered");

    const users = await createRoleUsers("market-refund-record");
    actAs(users.staff);
    const fd = new FormData();
    for (const [k, v] of Object.entries({ lineId: line.id, reason: "faulty card", confirm: "yes" })) fd.set(k, v);
    actAs(users.staff);
    const answer = await refundLineAction(null, fd).finally(() => actAs(null));
    const refund = (await orderWithMoney(result.orderId)).lines[0]!.refunds[0]!;
    // 21.31 × 16 830 = 358 647 → Rp 359 000 given back (worth 21.31 USD).
    expect([refund.amount.toFixed(), refund.currency]).toEqual(["359000", "IDR"]);
    expect(answer).toMatchObject({ ok: true });
    expect(answer.ok && answer.message).not.toContain("21.31 IDR");

    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "order.refund", targetId: result.orderId } });
    const after = JSON.parse(audit.after!) as { amount: string; currency: string };
    expect({ amount: new Prisma.Decimal(after.amount).toFixed(), currency: after.currency }).toEqual({
      amount: "359000",
      currency: "IDR",
    });
  });
});
