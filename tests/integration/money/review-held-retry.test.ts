// Review of the money design: a line held for staff after a price rise on a RETRY (the first
// attempt was refused with 402, so the line is `purchasing`, not `paid`) cannot be decided by
// staff — both "buy anyway" and "refund" only accept `paid` lines — and nothing else ever looks
// at it again (nextCheckAt is null). The shopper paid and gets neither codes nor money.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { buyHeldLineAnyway, refundHeldLine } from "@/lib/orders/fulfilment/attention";
import { moneySettingKeys } from "@/lib/orders/core/money-settings";
import { createHarness, type Harness } from "../orders/harness";
import { buy, orderById, settle } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(async () => {
  h.control.setBalance("5000.00");
  h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.00" } });
  await db.setting.deleteMany({ where: { key: moneySettingKeys.priceRiseAction } });
  // Each test starts with a shop that has not read the wallet: the 402 of an earlier test paused
  // sales (lib/wallet), and a checkout into a wallet known to be empty is refused before payment.
  await db.upstreamWallet.deleteMany();
});

describe("a price rise noticed on a retry, with the owner's setting 'hold for staff'", () => {
  it("leaves a line staff can still decide: refunding it gives the shopper their money back", async () => {
    await db.setting.upsert({
      where: { key: moneySettingKeys.priceRiseAction },
      create: { key: moneySettingKeys.priceRiseAction, value: "hold" },
      update: { value: "hold" },
    });
    h.control.setBalance("0.50"); // the wallet is empty: the first purchase answers 402
    const r = await buy(h, "TEST-INSTANT");
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    let line = (await orderById(r.orderId)).lines[0]!;
    expect(line.status).toBe("purchasing");
    // The supplier raises the price while the shop tops its wallet up; the retry prices the line again.
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.50" } });
    h.control.setBalance("5000.00");
    await settle(h, { stepMs: 6 * 60_000, max: 4 });
    line = (await orderById(r.orderId)).lines[0]!;
    expect(line.attentionReason).toMatch(/now charges 1\.50/);
    expect(h.control.listOrders().filter((o) => o.idempotency_key === line.idempotencyKey)).toHaveLength(0);

    // Staff take the decision the note asks for.
    const refunded = await refundHeldLine(line.id, { actorId: "staff-1", now: h.now(), reason: "Not at that price." });
    await settle(h, { max: 3 });
    const order = await orderById(r.orderId);
    expect({ refunded, status: order.lines[0]!.status, refunds: order.refunds.map((x) => x.status) }).toEqual({
      refunded: true,
      status: "refunded",
      refunds: ["succeeded"],
    });
  });

  it("or, when staff accept the new price, buys the line once", async () => {
    await db.setting.upsert({
      where: { key: moneySettingKeys.priceRiseAction },
      create: { key: moneySettingKeys.priceRiseAction, value: "hold" },
      update: { value: "hold" },
    });
    h.control.setBalance("0.50");
    const r = await buy(h, "TEST-INSTANT");
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    h.control.publishChanges({ priceChanges: { "TEST-INSTANT": "1.50" } });
    h.control.setBalance("5000.00");
    await settle(h, { stepMs: 6 * 60_000, max: 4 });
    const line = (await orderById(r.orderId)).lines[0]!;
    expect(line.attentionReason).toMatch(/now charges 1\.50/);
    const bought = await buyHeldLineAnyway(line.id, { actorId: "staff-1", now: h.now() });
    await settle(h, { max: 3 });
    const after = (await orderById(r.orderId)).lines[0]!;
    expect({ bought, status: after.status }).toEqual({ bought: true, status: "delivered" });
  });
});
