// Unsigned posts to the webhook receivers cannot fill the database: a refused delivery keeps a
// short prefix of its body, a client refused too often is refused early (nothing read, nothing
// stored), and the upstream's signed deliveries from elsewhere keep working.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as upstreamReceiver } from "@/app/api/webhooks/upstream/route";
import { POST as stripeReceiver } from "@/app/api/webhooks/stripe/route";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { setRateLimitClockForTests } from "@/lib/rate-limit";
import { fromClient } from "../../helpers/client-headers";
import { buildDelivery } from "../webhooks/delivery";

// The limits count on a fixed clock: every hit of this file falls at the same instant, however
// slowly the machine runs and wherever the wall clock stands.
beforeAll(() => setRateLimitClockForTests(() => new Date("2026-11-25T12:00:30Z")));
afterAll(() => setRateLimitClockForTests(undefined));

const refresh = vi.hoisted(() => vi.fn(async () => "updated"));
vi.mock("@/lib/orders/fulfilment/refresh-line", () => ({ refreshLineByUpstreamOrderId: refresh }));
vi.mock("@/lib/orders/fulfilment/fulfil-order", () => ({ fulfilPaidOrder: vi.fn() }));

const junk = JSON.stringify({ event: "order.completed", id: "wh_forged", pad: "x".repeat(60_000) });

function unsigned(url: string, client: string): Request {
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-webhook-id": "wh_forged", ...fromClient(client) },
    body: junk,
  });
}

async function storedBytes(): Promise<{ rows: number; bytes: number }> {
  const rows = await db.webhookDelivery.findMany({ select: { body: true, headers: true } });
  return { rows: rows.length, bytes: rows.reduce((n, r) => n + r.body.length + r.headers.length, 0) };
}

describe("webhook receivers under a flood of unsigned posts", () => {
  it("grows the log by a small bounded amount for 200 unsigned 60 kB posts from one client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++)
      statuses.push(
        (await upstreamReceiver(unsigned("http://shop.test/api/webhooks/upstream", "203.0.113.80"))).status,
      );
    const { rows, bytes } = await storedBytes();
    expect(rows).toBeLessThanOrEqual(20);
    expect(bytes).toBeLessThanOrEqual(20 * 2500);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });

  it("keeps the Stripe receiver's refusals just as short and counts them against the same client", async () => {
    await db.webhookDelivery.deleteMany();
    const first = await stripeReceiver(unsigned("http://shop.test/api/webhooks/stripe", "203.0.113.81"));
    expect(first.status).toBe(400);
    const row = await db.webhookDelivery.findFirstOrThrow({ where: { source: "stripe" } });
    expect(row.body.length).toBeLessThanOrEqual(256);
    expect(row.bodyBytes).toBe(junk.length);
  });

  it("still accepts the upstream's signed deliveries from another client", async () => {
    const d = buildDelivery({ headers: fromClient("198.51.100.20") });
    const res = await upstreamReceiver(d.request);
    await waitForAfterResponseTasks();
    expect(res.status).toBe(200);
  });
});
