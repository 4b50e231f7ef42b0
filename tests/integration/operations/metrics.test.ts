// /api/metrics: refused without the bearer token, and its numbers move when an order is placed,
// a webhook arrives, a sync runs and the upstream is called.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCatalogSync } from "@/lib/catalog/sync";
import { resetEnvForTests } from "@/lib/env";
import { observeUpstreamCall } from "@/lib/metrics/observe";
import { UpstreamClient } from "@/lib/upstream";
import { receiveWebhook } from "@/lib/webhooks/inbox";
import { upstreamWebhooks } from "@/lib/webhooks/upstream/source";
import { apiKey, checkout, createHarness, type Harness } from "../orders/harness";
import { buildDelivery } from "../webhooks/delivery";
import { getMetrics, scrapeMetrics } from "./metrics-scrape";

const token = "metrics-token-0123456789abcdef";
let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  resetEnvForTests();
  await h.close();
});

function useToken(value: string | undefined) {
  if (value === undefined) delete process.env.METRICS_TOKEN;
  else process.env.METRICS_TOKEN = value;
  resetEnvForTests();
}

const get = getMetrics;
const scrape = () => scrapeMetrics(token);

describe("the metrics endpoint", () => {
  it("does not exist without METRICS_TOKEN, and refuses a request without the right bearer token", async () => {
    useToken(undefined);
    expect((await get(`Bearer ${token}`)).status).toBe(404);
    useToken(token);
    const none = await get();
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect(await none.text()).not.toMatch(/shop_/);
    expect((await get(`Bearer ${token}x`)).status).toBe(401);
    expect((await get(`Basic ${Buffer.from(`x:${token}`).toString("base64")}`)).status).toBe(401);
    const ok = await get(`Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await ok.text()).toMatch(/^process_cpu_user_seconds_total /m);
  });

  it("moves its counters when an order is placed, a webhook arrives, a sync runs and the upstream is called", async () => {
    useToken(token);
    const before = await scrape();

    const order = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
    expect(order.ok).toBe(true);
    expect(await checkout(h, [{ itemCode: "TEST-INSTANT" }], { card: "4000 0000 0000 0002" })).toMatchObject({
      ok: false,
    });
    await receiveWebhook(upstreamWebhooks, buildDelivery({ orderId: 424242 }).request);
    await receiveWebhook(upstreamWebhooks, buildDelivery({ secret: "whsec_wrong" }).request);
    await runCatalogSync({ kind: "full", trigger: "manual" }, { perPage: 100 });
    const counted = new UpstreamClient({
      baseUrl: "http://sandbox.test/sandbox/v1",
      apiKey,
      fetch: h.sandbox.fetch,
      budget: null,
      onCall: observeUpstreamCall,
    });
    await counted.balance();

    const after = await scrape();
    const moved = (name: string, labels?: Record<string, string>) => after(name, labels) - before(name, labels);
    expect({
      paid: moved("shop_checkouts_total", { outcome: "paid" }),
      declined: moved("shop_checkouts_total", { outcome: "declined" }),
      orders: moved("shop_orders"),
      lines: moved("shop_order_lines"),
      accepted: moved("shop_webhook_deliveries_total", { source: "upstream", outcome: "accepted" }),
      rejected: moved("shop_webhook_deliveries_total", { source: "upstream", outcome: "rejected" }),
      syncs: moved("shop_catalog_syncs_total", { kind: "full", status: "succeeded" }),
      syncDurations: moved("shop_catalog_sync_duration_seconds_count", { kind: "full" }),
      balanceCalls: moved("shop_upstream_requests_total", { endpoint: "GET /balance", outcome: "ok" }),
      balanceLatencies: moved("shop_upstream_request_duration_seconds_count", { endpoint: "GET /balance" }),
    }).toEqual({
      paid: 1,
      declined: 1,
      orders: 2,
      lines: 2,
      accepted: 1,
      rejected: 1,
      syncs: 1,
      syncDurations: 1,
      balanceCalls: 1,
      balanceLatencies: 1,
    });
    expect(after("shop_catalog_sync_upstream_calls_total", { kind: "full" })).toBeGreaterThan(0);
    expect(after("shop_catalog_last_success_timestamp_seconds")).toBeGreaterThan(0);
    expect(moved("shop_order_lines", { status: "paid" })).toBe(1); // paid, bought after the answer (not in this test)
  });
});
