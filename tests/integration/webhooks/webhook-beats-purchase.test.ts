// The race where the upstream's webhook arrives before the shop has the purchase answer: the
// delivery is recorded as unknown_order (no line carries that order id yet), and the line is
// not lost: the same-key retry reads the original order and delivers it, buying nothing twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { createWebhookHarness } from "./sandbox-harness";

let h: Awaited<ReturnType<typeof createWebhookHarness>>;
beforeAll(async () => {
  h = await createWebhookHarness();
});
afterAll(() => h.close());

describe("webhook beats the purchase answer", () => {
  it("delivers a line whose order.completed arrived while its purchase answer was lost, with one upstream order", async () => {
    h.state.hold = true;
    h.state.held = [];
    let dropNextPurchaseAnswer = true;
    setUpstream(
      new UpstreamClient({
        baseUrl: "http://sandbox.test/v1",
        apiKey: "sandbox_test_key_0123456789",
        budget: null,
        fetch: async (input, init) => {
          const res = await h.sandbox.fetch(input, init);
          if (dropNextPurchaseAnswer && init?.method === "POST" && String(input).endsWith("/v1/orders")) {
            dropNextPurchaseAnswer = false;
            throw new TypeError("socket hang up"); // the upstream bought; the answer never arrived
          }
          return res;
        },
      }),
    );
    const { line } = await h.buy("TEST-INSTANT");
    expect(line.status).toBe("purchasing");
    expect(line.upstreamOrderId).toBeNull();

    await h.control.flushWebhooks();
    expect(h.state.held.map((d) => d.event).sort()).toEqual(["order.completed", "order.created"]);
    for (const d of h.state.held) expect((await h.replay(d)).status).toBe(200);
    const ids = h.state.held.map((d) => new Headers(d.init.headers).get("x-webhook-id")!);
    const rows = await db.webhookDelivery.findMany({ where: { deliveryId: { in: ids } } });
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ status: "ignored", reason: "unknown_order" });
    expect((await h.line(line.id)).status).toBe("purchasing");

    await reconcileOnce({ now: new Date(Date.now() + 60_000) });
    const after = await h.line(line.id);
    expect(after.status).toBe("delivered");
    expect(after.codesEnc).not.toBeNull();
    const upstream = h.control
      .listOrders()
      .filter((o: { idempotency_key: string | null }) => o.idempotency_key === after.idempotencyKey);
    expect(upstream).toHaveLength(1);
    expect(after.upstreamOrderId).toBe(rows[0]!.upstreamOrderId);
    h.state.hold = false;
  });
});
