// Money-path review fixes: a 400 of any state that names an order is read back (docs/money-rules.md#m4),
// one throwing line or payment never stalls the reconciler (docs/money-rules.md#m3), and a lease is
// stamped with the time it is taken, so a slow earlier purchase can't hand out an already
// expired lease (docs/money-rules.md#m2).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { createTestProvider } from "@/lib/payments/test-provider";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { fulfilLine } from "@/lib/orders/fulfilment/fulfil-line";
import { leaseMs, purchaseDeadlineMs } from "@/lib/orders/core/line-lease";
import { env } from "@/lib/env";
import { InMemoryBudget, setUpstream, UpstreamClient } from "@/lib/upstream";
import { quoteItems } from "@/lib/orders/quote/quote";
import { validateTopupFields } from "@/lib/orders/quote/validate-topup";
import { parseRequiredFields } from "@/lib/orders/quote/topup-fields";
import { apiKey, cards, checkout, createHarness, seedPaidOrder, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ settleMs: 3000 });
});
afterAll(async () => h.close());
afterEach(() => {
  vi.useRealTimers();
  setPaymentProvider(null);
  useUpstreamFetch(h.sandbox.fetch);
});

function useUpstreamFetch(fetchImpl: typeof fetch) {
  setUpstream(
    new UpstreamClient({
      baseUrl: "http://sandbox.test/sandbox/v1",
      apiKey,
      fetch: fetchImpl,
      budget: null,
      timeoutMs: 5000,
      purchaseTimeoutMs: 5000,
    }),
  );
}

const isPurchase = (input: RequestInfo | URL, init?: RequestInit) =>
  init?.method === "POST" && String(input).endsWith("/v1/orders");

async function lineById(id: string) {
  return db.orderLine.findUniqueOrThrow({ where: { id } });
}

describe("money-path review fixes", () => {
  // docs/money-rules.md#m4
  it("reads back a 400 out_of_stock that carries an order_id instead of refunding a line whose upstream order is pending", async () => {
    let upstreamOrderId = 0;
    useUpstreamFetch(async (input, init) => {
      const res = await h.sandbox.fetch(input, init);
      if (!isPurchase(input, init)) return res;
      const body = (await res.json()) as { data: { order_id: number; order_no: string } };
      upstreamOrderId = body.data.order_id;
      const data = { state: "out_of_stock", order_id: body.data.order_id, order_no: body.data.order_no };
      return Response.json({ success: false, message: "Out of stock", data }, { status: 400 });
    });
    const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-PENDING" });
    await fulfilPaidOrder(order.id, h.now());
    let row = await lineById(line.id);
    expect(upstreamOrderId).toBeGreaterThan(0);
    expect(row.status).toBe("pending_upstream");
    expect(row.upstreamOrderId).toBe(upstreamOrderId);
    expect(await db.refund.count({ where: { lineId: line.id } })).toBe(0);

    useUpstreamFetch(h.sandbox.fetch);
    for (let i = 0; i < 5 && row.status === "pending_upstream"; i++) {
      await h.advance(20_000);
      await reconcileOnce({ now: h.now() });
      row = await lineById(line.id);
    }
    expect(row.status).toBe("delivered");
    expect(await db.refund.count({ where: { lineId: line.id } })).toBe(0);
  });

  // docs/money-rules.md#m3
  it("keeps buying other due lines when one line's refund throws, and refunds that line on a later pass", async () => {
    const base = createTestProvider();
    setPaymentProvider({ ...base, refund: async () => Promise.reject(new Error("payment provider unreachable")) });
    const poisoned = await seedPaidOrder(h, { itemCode: "TEST-OOS" });
    const healthy = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await db.orderLine.update({
      where: { id: poisoned.line.id },
      data: { nextCheckAt: new Date(h.now().getTime() - 1000) },
    });

    await expect(reconcileOnce({ now: h.now() })).resolves.toBeDefined();
    expect((await lineById(healthy.line.id)).status).toBe("delivered");
    const stuck = await lineById(poisoned.line.id);
    expect(stuck.status).toBe("failed");
    // The refund row carries the retry (same key, later); the line itself is no longer due.
    expect(stuck.nextCheckAt).toBeNull();
    const pending = await db.refund.findFirstOrThrow({ where: { lineId: poisoned.line.id } });
    expect(pending.status).toBe("pending");
    expect(pending.nextAttemptAt!.getTime()).toBeGreaterThan(h.now().getTime());

    setPaymentProvider(null);
    await h.advance(120_000);
    await reconcileOnce({ now: h.now() });
    expect((await lineById(poisoned.line.id)).status).toBe("refunded");
    expect((await db.refund.findFirstOrThrow({ where: { lineId: poisoned.line.id } })).status).toBe("succeeded");
  });

  // docs/money-rules.md#m3
  it("keeps buying paid lines when the provider check of another pending payment throws", async () => {
    const delayed = await checkout(h, [{ itemCode: "TEST-INSTANT" }], { card: cards.delayed });
    expect(delayed.ok && delayed.paymentStatus).toBe("pending");
    const base = createTestProvider();
    setPaymentProvider({
      ...base,
      confirmPayment: async () => Promise.reject(new Error("payment provider unreachable")),
    });
    const paid = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });

    await expect(reconcileOnce({ now: h.now() })).resolves.toBeDefined();
    expect((await lineById(paid.line.id)).status).toBe("delivered");
    if (delayed.ok)
      expect((await db.order.findUniqueOrThrow({ where: { id: delayed.orderId } })).status).toBe("awaiting_payment");
  });

  it("keeps reading a code order the upstream calls completed but returns without codes, then delivers the codes from GET /orders/{id}", async () => {
    useUpstreamFetch(async (input, init) => {
      const res = await h.sandbox.fetch(input, init);
      if (!isPurchase(input, init)) return res;
      const body = (await res.json()) as { data: Record<string, unknown> };
      return Response.json({ ...body, data: { ...body.data, codes: [] } }, { status: res.status });
    });
    const { order, line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await fulfilPaidOrder(order.id, h.now());
    let row = await lineById(line.id);
    expect(row.status).toBe("pending_upstream");
    expect(row.codesEnc).toBeNull();

    useUpstreamFetch(h.sandbox.fetch);
    await h.advance(20_000);
    await reconcileOnce({ now: h.now() });
    row = await lineById(line.id);
    expect(row.status).toBe("delivered");
    expect(row.codesEnc).not.toBeNull();
  });

  // docs/money-rules.md#m6
  it("wipes a top-up line's account fields when its payment is declined and the line is cancelled", async () => {
    const r = await checkout(h, [{ itemCode: "TEST-TOPUP", fields: { player_id: "123456" } }], {
      card: cards.declined,
    });
    expect(r.ok).toBe(false);
    const line = await db.orderLine.findFirstOrThrow({
      where: { itemCode: "TEST-TOPUP" },
      orderBy: { createdAt: "desc" },
    });
    expect(line.status).toBe("cancelled");
    expect(line.isTopup).toBe(true);
    expect(line.fieldsEnc).toBeNull();
  });

  // docs/money-rules.md#m2
  it("stamps each line's lease when it is taken, so a slow earlier purchase never leaves the next purchase under an expired lease", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(h.now());
    const first = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    const second = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });
    await db.orderLine.update({
      where: { id: first.line.id },
      data: { nextCheckAt: new Date(h.now().getTime() - 1000) },
    });
    const leaseLeftMs: number[] = [];
    const ours = [first.line.id, second.line.id];
    useUpstreamFetch(async (input, init) => {
      if (isPurchase(input, init)) {
        const key = new Headers(init?.headers).get("Idempotency-Key");
        const line = await db.orderLine.findFirstOrThrow({ where: { idempotencyKey: key } });
        if (ours.includes(line.id)) leaseLeftMs.push(line.leaseUntil!.getTime() - Date.now());
        // This purchase takes 200 s (budget wait + a slow upstream): longer than a lease.
        vi.setSystemTime(Date.now() + 200_000);
      }
      return h.sandbox.fetch(input, init);
    });

    await reconcileOnce();
    expect(leaseLeftMs).toHaveLength(2);
    for (const left of leaseLeftMs) expect(left).toBeGreaterThan(0);
    expect((await lineById(first.line.id)).status).toBe("delivered");
    expect((await lineById(second.line.id)).status).toBe("delivered");
  });

  it("tells the shopper to try again in a moment when the upstream budget is exhausted at checkout, instead of waiting for the next window", async () => {
    const frozen = h.now().getTime();
    const budget = new InMemoryBudget({ limit: 1, now: () => frozen });
    await budget.acquire("check"); // the window's only token is gone and the window never rolls
    setUpstream(
      new UpstreamClient({
        baseUrl: "http://sandbox.test/sandbox/v1",
        apiKey,
        fetch: h.sandbox.fetch,
        budget,
        timeoutMs: 5000,
      }),
    );

    const quote = await quoteItems([{ itemCode: "TEST-INSTANT", quantity: 1 }], { signal: AbortSignal.timeout(50) });
    expect(quote.problems).toEqual(["We could not check TEST-INSTANT right now. Please try again in a moment."]);

    const product = await db.product.findUniqueOrThrow({ where: { itemCode: "TEST-TOPUP" } });
    const topup = await validateTopupFields(
      "TEST-TOPUP",
      parseRequiredFields(product.requiredFields),
      { player_id: "123456" },
      { signal: AbortSignal.timeout(50) },
    );
    expect(topup).toMatchObject({ ok: false, message: "We could not verify the account right now. Please try again." });
  });

  // docs/money-rules.md#m2
  it("abandons a purchase stuck waiting for the upstream budget before its lease can end, keeping the key for the retry", async () => {
    expect(purchaseDeadlineMs).toBeGreaterThanOrEqual(env.UPSTREAM_PURCHASE_TIMEOUT_MS + 30_000);
    expect(purchaseDeadlineMs).toBeLessThan(leaseMs);
    const frozen = h.now().getTime();
    const budget = new InMemoryBudget({ limit: 1, now: () => frozen });
    await budget.acquire("purchase"); // no token left, and the window never rolls
    setUpstream(
      new UpstreamClient({
        baseUrl: "http://sandbox.test/sandbox/v1",
        apiKey,
        fetch: h.sandbox.fetch,
        budget,
        timeoutMs: 5000,
        purchaseTimeoutMs: 5000,
      }),
    );
    const { line } = await seedPaidOrder(h, { itemCode: "TEST-INSTANT" });

    await fulfilLine(line.id, { now: h.now(), cause: "purchase", signal: AbortSignal.timeout(50) });
    const row = await lineById(line.id);
    expect(row.status).toBe("purchasing");
    expect(row.idempotencyKey).not.toBeNull();
    expect(row.nextCheckAt!.getTime()).toBeGreaterThan(h.now().getTime());
    expect(
      h.control
        .listOrders()
        .filter((o: { idempotency_key: string | null }) => o.idempotency_key === row.idempotencyKey),
    ).toHaveLength(0);

    useUpstreamFetch(h.sandbox.fetch);
    await h.advance(20_000);
    await reconcileOnce({ now: h.now() });
    const done = await lineById(line.id);
    expect(done.status).toBe("delivered");
    expect(done.idempotencyKey).toBe(row.idempotencyKey);
  });
});
