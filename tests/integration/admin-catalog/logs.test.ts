import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getWebhookPayload, listWebhookLog } from "@/lib/admin/webhooks/list-deliveries";
import { getOutboxEmail, listOutboxEmails } from "@/lib/admin/outbox/list-emails";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { actAs, createUsers } from "./staff-session";

beforeAll(async () => {
  const base = Date.parse("2026-05-01T00:00:00Z");
  await db.webhookDelivery.createMany({
    data: Array.from({ length: 120 }, (_, i) => ({
      deliveryId: `wh_${i}`,
      event: i % 3 === 0 ? "order.failed" : "order.completed",
      status: i % 10 === 0 ? "rejected" : "processed",
      reason: i % 10 === 0 ? "bad_signature" : null,
      headers: JSON.stringify({ "x-webhook-id": `wh_${i}` }),
      body: JSON.stringify({ event: "order.completed", id: `wh_${i}` }),
      bodyBytes: 40,
      receivedAt: new Date(base + i * 1000),
    })),
  });
  await db.outboxEmail.createMany({
    data: Array.from({ length: 60 }, (_, i) => ({
      dedupeKey: `k${i}`,
      kind: "order.delivered",
      to: `b${i}@shop.test`,
      subject: `Order ${i}`,
      text: `Hello ${i}`,
      status: i < 55 ? "outbox" : "sent",
      createdAt: new Date(base + i * 1000),
    })),
  });
});

describe("webhook log and outbox reads", () => {
  it("filters deliveries by event and status, newest first, paginated on the server", async () => {
    const rejectedFailed = await listWebhookLog({ event: "order.failed", status: "rejected" });
    expect(rejectedFailed.total).toBe(4); // i = 0, 30, 60, 90
    expect(rejectedFailed.rows.map((r) => r.deliveryId)).toEqual(["wh_90", "wh_60", "wh_30", "wh_0"]);
    expect(rejectedFailed.rows[0].reason).toBe("bad_signature");

    const page3 = await listWebhookLog({ page: "3" });
    expect(page3).toMatchObject({ total: 120, pageCount: 3 });
    expect(page3.rows).toHaveLength(20);
    expect(page3.rows.at(-1)?.deliveryId).toBe("wh_0");
  });

  it("ignores unknown filter values instead of failing the page", async () => {
    expect((await listWebhookLog({ event: "nope", status: "weird", page: "-2" })).total).toBe(120);
  });

  it("shows one delivery's headers and body pretty-printed", async () => {
    const [first] = (await listWebhookLog({})).rows;
    const payload = await getWebhookPayload(first.id);
    expect(payload?.headersPretty).toContain('"x-webhook-id": "wh_119"');
    expect(payload?.bodyPretty).toContain('\n  "event"');
  });

  it("lists outbox emails newest first with a status filter, and opens one (as support)", async () => {
    actAs(await createUsers(), "support");
    const outbox = await listOutboxEmails({ status: "outbox" });
    expect(outbox).toMatchObject({ total: 55, pageCount: 2 });
    expect(outbox.rows[0].subject).toBe("Order 54");
    expect(outbox.rows[0]).not.toHaveProperty("text");
    expect((await getOutboxEmail(outbox.rows[0].id))?.text).toBe("Hello 54");
    setSessionOverrideForTests(undefined);
  });
});
