// Wallet-aware selling: checkout refuses, before any payment, what the upstream wallet cannot
// pay for while keeping the owner's reserve, and every sale while a 402 has paused sales, until
// a balance read shows enough again. The estimate follows what the shop buys.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getBalanceView } from "@/lib/admin/overview/balance";
import { db } from "@/lib/db";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { setPaymentProvider } from "@/lib/payments";
import { createHarness, seedPaidOrder, type Harness } from "../orders/harness";
import { buy, settle, installSpyProvider } from "../money/money-harness";
import type { SpyProvider } from "../../helpers/spy-provider";

let h: Harness;
let spy: SpyProvider;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => {
  setPaymentProvider(null);
  await h.close();
});
beforeEach(async () => {
  spy = installSpyProvider();
  h.control.setBalance("5000.00");
  await db.upstreamWallet.deleteMany();
  await db.setting.deleteMany({ where: { key: "wallet.reserve" } });
  // Lines of earlier tests are settled: nothing is promised to the supplier any more.
  await db.orderLine.updateMany({
    where: { status: { in: ["paid", "purchasing", "awaiting_payment"] } },
    data: { status: "cancelled" },
  });
});

async function setReserve(amount: string) {
  await db.setting.upsert({
    where: { key: "wallet.reserve" },
    create: { key: "wallet.reserve", value: amount },
    update: { value: amount },
  });
}

/** The shop reads the balance (the overview's refresh does the same). */
async function readBalance(balance: string) {
  h.control.setBalance(balance);
  await getBalanceView({ now: h.now(), force: true });
}

/** Runs a checkout that must be refused before payment: no order, no charge, nothing bought. */
async function refusedBeforePayment(run: () => Promise<{ ok: boolean; message?: string }>) {
  const orders = await db.order.count();
  const upstream = h.control.listOrders().length;
  const charges = spy.charges.length;
  const r = await run();
  expect(r).toMatchObject({ ok: false, message: expect.stringMatching(/temporarily unavailable/i) });
  expect({
    orders: await db.order.count(),
    charges: spy.charges.length,
    upstream: h.control.listOrders().length,
  }).toEqual({ orders, charges, upstream });
}

describe("wallet-aware checkout", () => {
  it("refuses before payment an order whose upstream cost would take the estimate below the reserve", async () => {
    await readBalance("10.50");
    await setReserve("10.00");
    // TEST-INSTANT costs 1.00 upstream: 10.50 - 1.00 is below the reserve of 10.00.
    await refusedBeforePayment(() => buy(h, "TEST-INSTANT"));

    await setReserve("9.50");
    const sold = await buy(h, "TEST-INSTANT");
    expect(sold).toMatchObject({ ok: true, paymentStatus: "succeeded" });
    expect(h.control.getBalance()).toBe("9.50");
    expect((await getBalanceView({ now: h.now() })).estimate).toBe("9.50");
  });

  it("counts what paid lines not yet bought will spend", async () => {
    await readBalance("3.00");
    await seedPaidOrder(h, { itemCode: "TEST-INSTANT", quantity: 2 }); // 2.00 promised, not bought yet
    await refusedBeforePayment(() => buy(h, "TEST-INSTANT", { quantity: 2 }));
    expect(await buy(h, "TEST-INSTANT", { quantity: 1 })).toMatchObject({ ok: true });
  });

  it("pauses every sale after a 402 and resumes once a later balance read suffices", async () => {
    // The shop has not read the balance yet when the wallet runs dry: the sale goes through.
    h.control.setBalance("0.50");
    const first = await buy(h, "TEST-INSTANT");
    if (!first.ok || !("orderId" in first)) throw new Error("the first checkout should pass");
    const line = await db.orderLine.findFirstOrThrow({ where: { orderId: first.orderId } });
    expect(line.status).toBe("purchasing"); // the purchase answered 402; the key is kept for the retry
    expect((await getBalanceView({ now: h.now() })).paused).not.toBeNull();

    // Another shopper, another product: refused before payment while sales are paused.
    await refusedBeforePayment(() => buy(h, "TEST-PENDING"));
    // The owner tops up; until the shop has read the balance again, sales stay paused.
    h.control.setBalance("500.00");
    await refusedBeforePayment(() => buy(h, "TEST-PENDING"));
    // Half a minute later the next checkout reads the balance, which covers the refused purchase.
    await h.advance(31_000);
    expect(await buy(h, "TEST-PENDING")).toMatchObject({ ok: true });
    expect((await getBalanceView({ now: h.now() })).paused).toBeNull();
    // The paid line is bought on its retry, with the same key.
    await settle(h, {
      stepMs: 30_000,
      max: 5,
      done: async () => (await db.orderLine.findUniqueOrThrow({ where: { id: line.id } })).status === "delivered",
    });
    const bought = await db.orderLine.findUniqueOrThrow({ where: { id: line.id } });
    expect(bought.status).toBe("delivered");
    expect(h.control.listOrders().filter((o) => o.idempotency_key === line.idempotencyKey)).toHaveLength(1);
  });

  it("follows what the shop buys, once per supplier order, and gets back what the supplier failed", async () => {
    await readBalance("100.00");
    await buy(h, "TEST-INSTANT", { quantity: 3 });
    await buy(h, "TEST-PENDING-FAIL");
    expect((await getBalanceView({ now: h.now() })).estimate).toBe("96.00");
    // Polls read the pending order again and again: it is counted once; its failure gives it back.
    await settle(h, { stepMs: 20_000, max: 6 });
    await reconcileOnce({ now: h.now() });
    expect(h.control.getBalance()).toBe("97.00");
    expect((await getBalanceView({ now: h.now() })).estimate).toBe("97.00");
  });
});
