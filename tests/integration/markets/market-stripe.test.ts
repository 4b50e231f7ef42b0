// Checkout in rupiah through Stripe Checkout (the fake API): the session's line items in Stripe's
// minor unit for IDR (whole rupiah sent with two decimals), the shopper pays exactly the total
// shown, the webhook's amount matches the order to the rupiah, one failed line is refunded
// exactly through the Refunds API, and the books balance in both currencies. A total below
// Stripe's minimum in the market's currency is refused before any session is created.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSalesSummary } from "@/lib/admin/overview/sales";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { checkBooks } from "@/lib/orders/books/books";
import { settle } from "../money/money-harness";
import { createHarness, type Harness } from "../orders/harness";
import type { FakeStripe } from "../stripe/fake-stripe";
import { deliver, eventPayload, sign, stopStripe, useStripe } from "../stripe/stripe-harness";
import { createIndonesia, pinPrices, buyInMarket, orderWithMoney } from "./market-harness";

let h: Harness;
let fake: FakeStripe;
beforeAll(async () => {
  h = await createHarness();
  fake = await useStripe();
  // TEST-INSTANT: cost 19.37 → 21.31; TEST-FAIL: cost 4.99 → 5.49; TEST-PENDING: cost 0.10 → 0.20.
  await pinPrices(h, {
    "TEST-INSTANT": ["19.37", "21.31"],
    "TEST-FAIL": ["4.99", "5.49"],
    "TEST-PENDING": ["0.10", "0.20"],
  });
  await createIndonesia(h);
});
afterAll(async () => {
  await stopStripe(fake);
  await h.close();
});

const sessionCreates = () => fake.requests.filter((x) => x.method === "POST" && x.path === "/v1/checkout/sessions");

describe("a rupiah order through Stripe Checkout", () => {
  it("charges exactly the total shown, refunds the failed line to the rupiah, and the books balance", async () => {
    const items = [
      { itemCode: "TEST-INSTANT", quantity: 2 },
      { itemCode: "TEST-FAIL", quantity: 1 },
    ];
    const { shown, result } = await buyInMarket(h, items, { market: "id", card: null });
    if (!result.ok) throw new Error(result.message);
    expect(result.paymentStatus).toBe("requires_redirect");
    expect(shown).toMatchObject({ currency: "IDR", total: "810500" });

    // Rp 359 000 is 35 900 000 for Stripe (IDR is two-decimal in Stripe's API).
    const sent = sessionCreates().at(-1)!.form;
    expect(sent).toMatchObject({
      "line_items[0][price_data][currency]": "idr",
      "line_items[0][price_data][unit_amount]": "35900000",
      "line_items[0][quantity]": "2",
      "line_items[1][price_data][unit_amount]": "9250000",
      "line_items[1][quantity]": "1",
    });

    const payment = await db.payment.findFirstOrThrow({ where: { orderId: result.orderId } });
    const session = fake.complete(payment.providerRef!);
    expect(session).toMatchObject({ amount_total: 81050000, currency: "idr" });
    const payload = eventPayload("checkout.session.completed", session);
    const res = await deliver(payload, sign(payload, { timestampSec: Math.floor(h.clock.ms / 1000) }), {
      nowMs: h.clock.ms,
    });
    expect(res.status).toBe(200);
    await waitForAfterResponseTasks();
    await settle(h, {
      done: async () =>
        (await orderWithMoney(result.orderId)).lines.every((l) => ["delivered", "refunded"].includes(l.status)),
    });

    const order = await orderWithMoney(result.orderId);
    // Paid, not held: Stripe's amount matched the order to the rupiah.
    expect((await db.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe("succeeded");
    expect(order.lines.map((l) => [l.itemCode, l.status])).toEqual([
      ["TEST-FAIL", "refunded"],
      ["TEST-INSTANT", "delivered"],
    ]);
    expect(fake.refundsCreated.map((r) => r.amount)).toEqual([9250000]);
    const refund = order.refunds[0]!;
    expect([refund.amount.toFixed(), refund.currency, refund.walletAmount!.toFixed(2)]).toEqual([
      "92500",
      "IDR",
      "5.49",
    ]);
    expect([order.rate!.toFixed(), order.walletTotal!.toFixed(2)]).toEqual(["16830", "48.15"]);
    expect((await checkBooks({ orderIds: [order.id], now: h.now() })).problems).toEqual([]);
    // Staff's sales figures are in the wallet currency: the delivered line counts as 42.66 USD.
    const deliveredAt = order.lines.find((l) => l.status === "delivered")!.deliveredAt!;
    expect((await getSalesSummary(deliveredAt)).today).toMatchObject({ sales: "42.66", cost: "38.74", lines: 1 });
  });

  it("refuses a total below Stripe's minimum in the market's currency before any session", async () => {
    const sessions = sessionCreates().length;
    const orders = await db.order.count();
    // 0.20 USD × 16 830 = 3 366 → Rp 3 500; Stripe lists no IDR minimum: 0.50 USD × 16 500 = Rp 8 250.
    const { shown, result } = await buyInMarket(h, [{ itemCode: "TEST-PENDING", quantity: 1 }], {
      market: "id",
      card: null,
    });
    expect(shown.total).toBe("3500");
    expect(result).toMatchObject({ ok: false });
    expect(!result.ok && result.message).toBe(
      "The smallest payment we can take in IDR is 8250 IDR. Please add to your cart.",
    );
    expect(sessionCreates()).toHaveLength(sessions);
    expect(await db.order.count()).toBe(orders);
  });
});
