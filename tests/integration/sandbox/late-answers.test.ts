import { describe, expect, it, vi } from "vitest";
import { apiKey, buy, call, makeSandbox } from "./sandbox-helpers";

const purchase = (sb: ReturnType<typeof makeSandbox>, body: object, key: string, signal?: AbortSignal) =>
  sb.fetch("http://sandbox.test/sandbox/v1/orders", {
    method: "POST",
    headers: { "X-API-Key": apiKey, "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
    signal,
  });

describe("sandbox late answers (responseDelayMs): the purchase completes upstream after the client gave up", () => {
  it("a client timing out at 50 ms on a 200 ms late answer still finds the order completed, debited once", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ responseDelayMs: 200, responseDelayNextPurchases: 1 });
    await expect(
      purchase(sb, { item_code: "TEST-INSTANT", quantity: 2 }, "late-1", AbortSignal.timeout(50)),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    // On a busy machine the timeout may fire before the handler got to the purchase: await the order.
    await vi.waitFor(() => expect(sb.control.listOrders()).toHaveLength(1));
    const [order] = sb.control.listOrders();
    expect(order).toMatchObject({ idempotency_key: "late-1", status: "completed", codes_count: 2 });
    expect(sb.control.getBalance()).toBe("4998.00");
    const detail = await call(sb, "GET", `/orders/${order.order_id}`);
    expect(detail.body.data).toMatchObject({ status: "completed", amount: 2 });
    expect(detail.body.data.codes).toHaveLength(2);
    const replay = await buy(sb, { item_code: "TEST-INSTANT", quantity: 2 }, "late-1");
    expect(replay.status).toBe(200);
    expect(replay.body.data.order_id).toBe(order.order_id);
    expect(sb.control.listOrders()).toHaveLength(1);
    expect(sb.control.getBalance()).toBe("4998.00");
  });

  it("processes the purchase before the answer is held: an abort once the order exists leaves it in place", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ responseDelayMs: 600_000, responseDelayNextPurchases: 1 });
    const client = new AbortController();
    const answer = purchase(sb, { item_code: "TEST-PENDING" }, "late-2", client.signal);
    await vi.waitFor(() => expect(sb.control.listOrders()).toHaveLength(1));
    client.abort();
    await expect(answer).rejects.toMatchObject({ name: "AbortError" });
    expect(sb.control.listOrders()[0]).toMatchObject({ status: "pending", idempotency_key: "late-2" });
    expect(sb.control.settleNow()).toBe(1);
    expect((await call(sb, "GET", `/orders/${sb.control.listOrders()[0].order_id}`)).body.data.status).toBe(
      "completed",
    );
    expect(sb.control.getBalance()).toBe("4999.00");
  });

  it("responseDelayNextPurchases delays only that many purchases, not the polls in between, then clears itself", async () => {
    const sb = makeSandbox();
    // If the poll or the second purchase were held for 10 minutes, the test would time out.
    sb.control.setFaults({ responseDelayMs: 600_000, responseDelayNextPurchases: 1 });
    await expect(purchase(sb, { item_code: "TEST-INSTANT" }, "late-3", AbortSignal.timeout(50))).rejects.toMatchObject({
      name: "TimeoutError",
    });
    await vi.waitFor(() => expect(sb.control.listOrders()).toHaveLength(1));
    expect((await call(sb, "GET", `/orders/${sb.control.listOrders()[0].order_id}`)).status).toBe(200);
    expect((await buy(sb, { item_code: "TEST-INSTANT" }, "late-4")).status).toBe(200);
    expect((await call(sb, "GET", "/balance")).body.data.balance).toBe("4998.00");
  });

  it("without a purchase count, every call's answer is late; a client that waits gets the normal answer", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ responseDelayMs: 600_000 });
    await expect(
      sb.fetch("http://x/v1/balance", { headers: { "X-API-Key": apiKey }, signal: AbortSignal.timeout(50) }),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    sb.control.setFaults({ responseDelayMs: 20 });
    const r = await buy(sb, { item_code: "TEST-INSTANT" }, "late-5");
    expect(r.status).toBe(200);
    expect(r.body.data.codes).toHaveLength(1);
  });

  it("latencyMs, unlike responseDelayMs, delays before processing: a purchase aborted meanwhile never happens", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ latencyMs: 600_000 });
    await expect(purchase(sb, { item_code: "TEST-INSTANT" }, "slow-1", AbortSignal.timeout(50))).rejects.toMatchObject({
      name: "TimeoutError",
    });
    expect(sb.control.listOrders()).toEqual([]);
    expect(sb.control.getBalance()).toBe("5000.00");
  });

  it("reset() clears the late-answer faults", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ responseDelayMs: 600_000 });
    sb.control.reset();
    expect((await call(sb, "GET", "/balance")).status).toBe(200);
  });
});
