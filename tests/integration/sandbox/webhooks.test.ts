import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { buy, makeSandbox } from "./sandbox-helpers";

type Delivery = { url: string; headers: Headers; body: string };

function recorder(status: () => number = () => 200) {
  const deliveries: Delivery[] = [];
  const deliver = async (url: string, init: RequestInit) => {
    deliveries.push({ url, headers: new Headers(init.headers), body: String(init.body) });
    const s = status();
    return new Response(s === 204 ? null : "ok", { status: s });
  };
  return { deliveries, deliver };
}

const secret = "whsec_test_secret";
const url = "http://127.0.0.1:3000/api/webhooks/upstream";

describe("sandbox webhooks (spec part 6)", () => {
  it("sends order.created then order.completed (two ids) for an instant purchase, with exact headers and a verifiable HMAC", async () => {
    const { deliveries, deliver } = recorder();
    const sb = makeSandbox({ webhookUrl: url, webhookSecret: secret, deliver });
    const order = await buy(sb, { item_code: "TEST-INSTANT" });
    expect(await sb.control.flushWebhooks()).toEqual({ delivered: 2, failed: 0, pending: 0 });
    expect(deliveries.map((d) => d.headers.get("X-Webhook-Event"))).toEqual(["order.created", "order.completed"]);
    const [created, completed] = deliveries;
    expect(created.url).toBe(url);
    expect(created.headers.get("Content-Type")).toBe("application/json");
    const expected = "sha256=" + crypto.createHmac("sha256", secret).update(Buffer.from(created.body)).digest("hex");
    expect(created.headers.get("X-Webhook-Signature")).toBe(expected);
    const ts = Number(created.headers.get("X-Webhook-Timestamp"));
    expect(Math.abs(ts - Date.now() / 1000)).toBeLessThan(5);
    const body = JSON.parse(created.body);
    expect(body).toEqual({
      event: "order.created",
      id: created.headers.get("X-Webhook-Id"),
      created_at: expect.any(String),
      data: { order_id: order.body.data.order_id, order_no: order.body.data.order_no, status: "completed", amount: 1 },
    });
    expect(body.id).toMatch(/^wh_/);
    expect(JSON.parse(completed.body).id).not.toBe(body.id);
    for (const c of order.body.data.codes) expect(created.body + completed.body).not.toContain(c.code);
  });

  it("sends order.created pending, and only order.completed on later settlement", async () => {
    const { deliveries, deliver } = recorder();
    const sb = makeSandbox({ webhookUrl: url, webhookSecret: secret, deliver });
    await buy(sb, { item_code: "TEST-PENDING" });
    await sb.control.flushWebhooks();
    sb.control.settleNow();
    await sb.control.flushWebhooks();
    expect(deliveries.map((d) => [d.headers.get("X-Webhook-Event"), JSON.parse(d.body).data.status])).toEqual([
      ["order.created", "pending"],
      ["order.completed", "completed"],
    ]);
  });

  it("sends order.failed for a pending order that fails and for TEST-FAIL", async () => {
    const { deliveries, deliver } = recorder();
    const sb = makeSandbox({ webhookUrl: url, webhookSecret: secret, deliver });
    await buy(sb, { item_code: "TEST-PENDING-FAIL" });
    sb.control.settleNow();
    await buy(sb, { item_code: "TEST-FAIL" });
    await sb.control.flushWebhooks();
    expect(deliveries.map((d) => d.headers.get("X-Webhook-Event"))).toEqual([
      "order.created",
      "order.failed",
      "order.failed",
    ]);
  });

  it("retries a failed delivery with the same id once due on the virtual clock, and logs every attempt", async () => {
    let status = 500;
    const { deliveries, deliver } = recorder(() => status);
    const sb = makeSandbox({ webhookUrl: url, webhookSecret: secret, deliver });
    await buy(sb, { item_code: "TEST-PENDING" });
    expect(await sb.control.flushWebhooks()).toEqual({ delivered: 0, failed: 1, pending: 1 });
    expect((await sb.control.flushWebhooks()).failed).toBe(0); // not due yet
    sb.control.advanceTime(10_000);
    status = 204;
    expect((await sb.control.flushWebhooks()).delivered).toBe(1);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1].headers.get("X-Webhook-Id")).toBe(deliveries[0].headers.get("X-Webhook-Id"));
    expect(deliveries[1].body).toBe(deliveries[0].body);
    const log = sb.control.webhookLog();
    expect(log.map((a) => [a.attempt, a.ok, a.http_status])).toEqual([
      [1, false, 500],
      [2, true, 204],
    ]);
    expect(sb.control.getBalance()).toBe("4999.00");
  });

  it("treats a thrown delivery as a failure that never changes the order or wallet", async () => {
    const sb = makeSandbox({
      webhookUrl: url,
      webhookSecret: secret,
      deliver: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const r = await buy(sb, { item_code: "TEST-INSTANT" });
    expect((await sb.control.flushWebhooks()).failed).toBe(2);
    expect(sb.control.listOrders()[0]).toMatchObject({ order_id: r.body.data.order_id, status: "completed" });
    expect(sb.control.getBalance()).toBe("4999.00");
    expect(sb.control.webhookLog()[0].error).toContain("fetch failed");
  });

  it("sends nothing when no webhook URL is set", async () => {
    const { deliveries, deliver } = recorder();
    const sb = makeSandbox({ deliver });
    await buy(sb, { item_code: "TEST-INSTANT" });
    await sb.control.flushWebhooks();
    expect(deliveries).toEqual([]);
  });
});
