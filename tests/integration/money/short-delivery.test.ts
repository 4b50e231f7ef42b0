// Hole 4: the upstream says "completed" with fewer codes than ordered. That is not a delivery
// of what the shopper paid for: read again; if it stays short, deliver what came, refund the
// missing part, and put it in front of staff.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import { createHarness, type Harness } from "../orders/harness";
import { buy, orderById, settle } from "./money-harness";

let h: Harness;
beforeAll(async () => (h = await createHarness()));
afterAll(async () => h.close());
afterEach(() => h.control.setFaults({ shortCodesNext: 0, shortCodesHealOnRead: false }));

const codesOf = (enc: string | null) => (enc ? decryptJson<unknown[]>(enc).length : 0);

describe("short delivery", () => {
  it("delivers the codes that came, refunds the missing one and flags the line for staff when it stays short", async () => {
    h.control.setFaults({ shortCodesNext: 1, shortCodesMissing: 1 });
    const r = await buy(h, "TEST-INSTANT", { quantity: 3 });
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    await settle(h, { done: async () => (await orderById(r.orderId)).refunds.some((x) => x.status === "succeeded") });
    const order = await orderById(r.orderId);
    const line = order.lines[0]!;
    expect(line.status).toBe("delivered");
    expect(codesOf(line.codesEnc)).toBe(2);
    expect(line.deliveredQuantity).toBe(2);
    expect(order.refunds.map((x) => [x.amount.toFixed(2), x.status])).toEqual([["1.10", "succeeded"]]);
    expect(line.attentionReason).toMatch(/2 of 3/);
    expect(order.status).toBe("partially_refunded");
  });

  it("waits and reads again: a short answer that heals on the next read is delivered whole, nothing refunded", async () => {
    h.control.setFaults({ shortCodesNext: 1, shortCodesMissing: 1, shortCodesHealOnRead: true });
    const r = await buy(h, "TEST-INSTANT", { quantity: 2 });
    if (!r.ok || !("orderId" in r)) throw new Error("checkout failed");
    let line = (await orderById(r.orderId)).lines[0]!;
    expect(line.status).not.toBe("delivered");
    await settle(h, { done: async () => (await orderById(r.orderId)).lines[0]!.status === "delivered" });
    const order = await orderById(r.orderId);
    line = order.lines[0]!;
    expect(codesOf(line.codesEnc)).toBe(2);
    expect(order.refunds).toHaveLength(0);
    expect(await db.orderEvent.count({ where: { lineId: line.id, toStatus: "delivered" } })).toBe(1);
  });
});
