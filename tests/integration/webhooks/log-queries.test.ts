// The admin's reads of the webhook log: filters, newest first, no bodies in the list.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getWebhookDelivery, listWebhookDeliveries, listWebhookDeliveriesForOrder } from "@/lib/webhooks/queries";

beforeAll(async () => {
  const base = { headers: "{}", body: '{"event":"order.completed"}', bodyBytes: 27 };
  await db.webhookDelivery.createMany({
    data: [
      {
        ...base,
        deliveryId: "wh_a",
        upstreamOrderId: 7,
        status: "processed",
        receivedAt: new Date("2026-11-25T10:00:00Z"),
      },
      {
        ...base,
        deliveryId: "wh_b",
        upstreamOrderId: 7,
        status: "duplicate",
        receivedAt: new Date("2026-11-25T10:01:00Z"),
      },
      {
        ...base,
        deliveryId: "wh_c",
        status: "rejected",
        reason: "bad_signature",
        receivedAt: new Date("2026-11-25T10:02:00Z"),
      },
    ],
  });
});

describe("webhook log queries", () => {
  it("lists deliveries newest first without headers or bodies, filtered by status", async () => {
    const all = await listWebhookDeliveries();
    expect(all.total).toBe(3);
    expect(all.rows.map((r) => r.deliveryId)).toEqual(["wh_c", "wh_b", "wh_a"]);
    expect(all.rows[0]).not.toHaveProperty("body");
    const rejected = await listWebhookDeliveries({ status: "rejected" });
    expect(rejected.rows.map((r) => r.reason)).toEqual(["bad_signature"]);
  });

  it("pages through the log", async () => {
    const page2 = await listWebhookDeliveries({ page: 2, perPage: 2 });
    expect(page2.rows.map((r) => r.deliveryId)).toEqual(["wh_a"]);
  });

  it("lists an upstream order's deliveries oldest first for its timeline, and opens one with its body", async () => {
    const rows = await listWebhookDeliveriesForOrder(7);
    expect(rows.map((r) => r.deliveryId)).toEqual(["wh_a", "wh_b"]);
    expect((await getWebhookDelivery(rows[0]!.id))?.body).toContain("order.completed");
  });

  it("refuses an unknown filter key", async () => {
    await expect(listWebhookDeliveries({ statuses: "x" } as never)).rejects.toThrow();
  });
});
