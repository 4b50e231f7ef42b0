// The refund of a failed line of a dinar order (1 KWD = 1000 fils): the shopper's email names
// exactly what went back to their card, to the fils (docs/markets.md#refunds: refunds give back
// the currency charged "to the unit"; an error message about money must be true).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { sendRefundEmail } from "@/lib/orders/refunds/refund-effects";
import { formatEmailMoney } from "@/lib/mail/templates/format";
import { settle } from "../money/money-harness";
import { createHarness, type Harness } from "../orders/harness";
import { buyInMarket, createMarket, D, orderWithMoney, pinPrices } from "./market-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  // TEST-FAIL: cost 4.99 → 5.49 USD; its purchase fails at the supplier and the line is refunded.
  await pinPrices(h, { "TEST-FAIL": ["4.99", "5.49"] });
  await createMarket({
    slug: "kw",
    name: "Kuwait",
    currency: "KWD",
    rate: "0.307",
    rateSetAt: new Date(h.clock.ms - 3_600_000),
    rounding: { kind: "none" },
  });
});
afterAll(async () => h.close());

describe("a failed line of a dinar order", () => {
  it("tells the shopper by email the refund to the fils", async () => {
    // 5.49 × 0.307 = 1.68543 → 1.690 KWD (dinars are charged in steps of 10 fils), by the TEST provider.
    const { shown, result } = await buyInMarket(h, [{ itemCode: "TEST-FAIL", quantity: 1 }], { market: "kw" });
    if (!result.ok) throw new Error(result.message);
    expect(shown).toMatchObject({ currency: "KWD", total: "1.690" });
    await fulfilPaidOrder(result.orderId, h.now());
    await settle(h, { done: async () => (await orderWithMoney(result.orderId)).lines[0]!.status === "refunded" });
    const refund = (await orderWithMoney(result.orderId)).refunds[0]!;
    expect([refund.status, refund.amount.toFixed(3), refund.currency]).toEqual(["succeeded", "1.690", "KWD"]);

    const email = await db.outboxEmail.findFirstOrThrow({ where: { orderId: result.orderId, kind: "refunded" } });
    expect(email.text).toContain(formatEmailMoney("1.690", "KWD"));
  });

  it("writes a whole-payment refund in the currency's own decimals: dinars to the fils, rupiah without cents", async () => {
    // A held payment's refund gives back what the provider captured, whatever its last digit.
    const { result } = await buyInMarket(h, [{ itemCode: "TEST-FAIL", quantity: 1 }], { market: "kw" });
    if (!result.ok) throw new Error(result.message);
    const payment = await db.payment.findFirstOrThrow({ where: { orderId: result.orderId } });
    const row = { kind: "held_payment", orderId: result.orderId, paymentId: payment.id, lineId: null };
    const emailOf = async (id: string, amount: string, currency: string) => {
      await sendRefundEmail({
        ...row,
        id,
        amount: D(amount),
        currency,
        reason: "Paid the wrong amount",
        requestedBy: null,
      });
      return (await db.outboxEmail.findUniqueOrThrow({ where: { dedupeKey: `${id}:refunded` } })).text;
    };
    const dinars = await emailOf("held-kwd", "1.686", "KWD");
    expect(dinars).toContain(formatEmailMoney("1.686", "KWD"));
    const rupiah = await emailOf("held-idr", "359000", "IDR");
    expect(rupiah).toContain(formatEmailMoney("359000", "IDR"));
    expect(rupiah).not.toContain("359000.00");
  });
});
