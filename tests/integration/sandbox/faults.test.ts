import { describe, expect, it } from "vitest";
import { apiKey, buy, call, makeSandbox } from "./sandbox-helpers";

describe("sandbox faults", () => {
  it("failNextRequests answers 500 envelopes with no side effect, then recovers", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ failNextRequests: 2 });
    for (let i = 0; i < 2; i++) {
      const r = await buy(sb, { item_code: "TEST-INSTANT" });
      expect(r.status).toBe(500);
      expect(r.body.success).toBe(false);
    }
    expect(sb.control.listOrders()).toEqual([]);
    expect(sb.control.getBalance()).toBe("5000.00");
    expect((await buy(sb, { item_code: "TEST-INSTANT" })).status).toBe(200);
  });

  it("serverErrorRate is deterministic for a given seed and never creates orders", async () => {
    const run = async () => {
      const sb = makeSandbox({ seed: 42 });
      sb.control.setFaults({ serverErrorRate: 0.5 });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await buy(sb, { item_code: "TEST-INSTANT" })).status);
      expect(sb.control.listOrders()).toHaveLength(statuses.filter((s) => s === 200).length);
      return statuses;
    };
    const a = await run();
    expect(a).toEqual(await run());
    expect(a).toContain(500);
    expect(a).toContain(200);
  });

  it("dropNextPurchases buys and debits, then the in-process fetch throws TypeError fetch failed", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ dropNextPurchases: 1 });
    await expect(buy(sb, { item_code: "TEST-INSTANT" }, "drop-1")).rejects.toThrow(new TypeError("fetch failed"));
    expect(sb.control.listOrders()).toHaveLength(1);
    expect(sb.control.getBalance()).toBe("4999.00");
    const retry = await buy(sb, { item_code: "TEST-INSTANT" }, "drop-1");
    expect(retry.body.data.order_id).toBe(sb.control.listOrders()[0].order_id);
  });

  it("dropPurchaseRate drops that share of purchases (seeded): each one bought and debited, the same key reads it back", async () => {
    const sb = makeSandbox({ seed: 7 });
    sb.control.setFaults({ dropPurchaseRate: 0.5 });
    let dropped = 0;
    for (let i = 0; i < 20; i++) {
      const r = await buy(sb, { item_code: "TEST-INSTANT" }, `rate-${i}`).catch(() => null);
      if (r === null) dropped++;
    }
    expect(dropped).toBeGreaterThan(2);
    expect(dropped).toBeLessThan(18);
    expect(sb.control.listOrders()).toHaveLength(20);
    sb.control.setFaults({ dropPurchaseRate: 0 });
    expect((await buy(sb, { item_code: "TEST-INSTANT" }, "rate-0")).body.data.order_id).toBeDefined();
    expect(sb.control.listOrders()).toHaveLength(20);
  });

  it("latencyMs delays the answer so a client timeout aborts the call", async () => {
    const sb = makeSandbox();
    sb.control.setFaults({ latencyMs: 5_000 });
    const call1 = sb.fetch("http://x/v1/balance", {
      headers: { "X-API-Key": apiKey },
      signal: AbortSignal.timeout(50),
    });
    await expect(call1).rejects.toMatchObject({ name: "TimeoutError" });
    sb.control.setFaults({ latencyMs: 0 });
    expect((await call(sb, "GET", "/balance")).status).toBe(200);
  });
});
