// The receiver against the sandbox's REAL signed deliveries and the real order code: a
// webhook settles a pending line immediately, with no reconciler pass, and late or repeated
// deliveries never move an order backwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createWebhookHarness } from "./sandbox-harness";

let h: Awaited<ReturnType<typeof createWebhookHarness>>;
beforeAll(async () => {
  h = await createWebhookHarness();
});
afterAll(() => h.close());

function deliveriesFor(upstreamOrderId: number) {
  return db.webhookDelivery.findMany({ where: { upstreamOrderId }, orderBy: [{ receivedAt: "asc" }, { id: "asc" }] });
}

describe("sandbox deliveries", () => {
  it("delivers a TEST-PENDING line right after the sandbox settles and its order.completed arrives, without the reconciler", async () => {
    h.state.hold = false;
    const { line } = await h.buy("TEST-PENDING");
    expect(line.status).toBe("pending_upstream");
    const upstreamOrderId = line.upstreamOrderId!;

    await h.flush(); // order.created (pending): read back, still pending
    expect((await h.line(line.id)).status).toBe("pending_upstream");

    expect(h.control.settleNow(upstreamOrderId)).toBe(1);
    const flushed = await h.flush();
    expect(flushed.failed).toBe(0);

    const settled = await h.line(line.id);
    expect(settled.status).toBe("delivered");
    expect(settled.codesEnc).not.toBeNull();
    const rows = await deliveriesFor(upstreamOrderId);
    expect(rows.map((r) => [r.event, r.status, r.reason])).toEqual([
      ["order.created", "processed", "unchanged"],
      ["order.completed", "processed", "updated"],
    ]);
    const events = await db.orderEvent.findMany({ where: { lineId: line.id, toStatus: "delivered" } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ cause: "webhook", causeRef: rows[1]!.deliveryId });
    expect(h.control.webhookLog().every((a) => a.ok && a.http_status === 200)).toBe(true);
  });

  it("records both deliveries of an order completed inside the purchase call and changes nothing", async () => {
    h.state.hold = false;
    const { line } = await h.buy("TEST-INSTANT");
    expect(line.status).toBe("delivered");
    await h.flush();
    const rows = await deliveriesFor(line.upstreamOrderId!);
    expect(rows.map((r) => [r.event, r.status, r.reason])).toEqual([
      ["order.created", "processed", "unchanged"],
      ["order.completed", "processed", "unchanged"],
    ]);
    expect((await h.line(line.id)).status).toBe("delivered");
  });

  it("keeps a failed order failed when its order.created arrives after order.failed, and acknowledges a repeat", async () => {
    h.state.hold = true;
    h.state.held = [];
    const { line } = await h.buy("TEST-PENDING-FAIL");
    h.control.settleNow(line.upstreamOrderId!);
    await h.control.flushWebhooks();
    const created = h.state.held.find((d) => d.event === "order.created")!;
    const failed = h.state.held.find((d) => d.event === "order.failed")!;
    expect(created && failed).toBeTruthy();

    expect((await h.replay(failed)).status).toBe(200);
    const afterFailed = await h.line(line.id);
    expect(afterFailed.status).toBe("refunded");

    expect((await h.replay(created)).status).toBe(200); // late order.created (status pending)
    expect((await h.replay(failed)).status).toBe(200); // the upstream retries the same id
    const final = await h.line(line.id);
    expect(final.status).toBe("refunded");
    expect(final.updatedAt).toEqual(afterFailed.updatedAt);
    expect(await db.refund.count({ where: { lineId: line.id } })).toBe(1);
    const rows = await deliveriesFor(line.upstreamOrderId!);
    expect(rows.map((r) => [r.event, r.status])).toEqual([
      ["order.failed", "processed"],
      ["order.created", "processed"],
      ["order.failed", "duplicate"],
    ]);
    h.state.hold = false;
  });

  it("records and ignores a real delivery for an order this shop never placed", async () => {
    h.state.hold = true;
    h.state.held = [];
    // An order placed on the upstream directly (another client of the same key).
    const res = await h.sandbox.fetch("http://sandbox.test/v1/orders", {
      method: "POST",
      headers: {
        "X-API-Key": "sandbox_test_key_0123456789",
        "Content-Type": "application/json",
        "Idempotency-Key": "foreign-1",
      },
      body: JSON.stringify({ item_code: "TEST-INSTANT", quantity: 1 }),
    });
    const foreignId = ((await res.json()) as { data: { order_id: number } }).data.order_id;
    await h.control.flushWebhooks();
    for (const d of h.state.held) expect((await h.replay(d)).status).toBe(200);
    const rows = await deliveriesFor(foreignId);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ status: "ignored", reason: "unknown_order" });
    h.state.hold = false;
  });
});
