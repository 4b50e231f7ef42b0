// The receiver against hand-built deliveries: every rejection, the log, exactly-once.
// The order read-back is replaced by a spy here; webhooks-sandbox.test.ts uses the real one.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/webhooks/upstream/route";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { buildDelivery, nextDeliveryId } from "./delivery";

const refresh = vi.hoisted(() => vi.fn());
vi.mock("@/lib/orders/fulfilment/refresh-line", () => ({ refreshLineByUpstreamOrderId: refresh }));

async function deliver(request: Request) {
  const response = await POST(request);
  await waitForAfterResponseTasks();
  return response;
}

function rowsFor(deliveryId: string) {
  return db.webhookDelivery.findMany({ where: { deliveryId }, orderBy: { receivedAt: "asc" } });
}

beforeEach(() => {
  refresh.mockReset();
  refresh.mockResolvedValue("updated");
});

describe("accepted deliveries", () => {
  it("answers 200, records the delivery and reads the order back through the reconciler path", async () => {
    const d = buildDelivery({ orderId: 4242 });
    const res = await deliver(d.request);
    expect(res.status).toBe(200);
    expect(refresh).toHaveBeenCalledExactlyOnceWith(
      4242,
      { kind: "webhook", deliveryId: d.id },
      expect.any(Date),
      "main",
    );
    const [row] = await rowsFor(d.id);
    expect(row).toMatchObject({
      status: "processed",
      reason: "updated",
      event: "order.completed",
      upstreamOrderId: 4242,
    });
    expect(row.body).toBe(d.body);
    expect(JSON.parse(row.headers)).toMatchObject({ "x-webhook-id": d.id, "x-webhook-event": "order.completed" });
    expect(row.headers).not.toContain("whsec_test_secret");
  });

  it("records and ignores an event for an order the shop does not know", async () => {
    refresh.mockResolvedValue("unknown_order");
    const d = buildDelivery({ orderId: 999_999 });
    expect((await deliver(d.request)).status).toBe(200);
    expect((await rowsFor(d.id))[0]).toMatchObject({ status: "ignored", reason: "unknown_order" });
  });

  it("acknowledges an unknown event name, records it and does not act on it", async () => {
    const d = buildDelivery({ event: "order.refunded" });
    expect((await deliver(d.request)).status).toBe(200);
    expect(refresh).not.toHaveBeenCalled();
    expect((await rowsFor(d.id))[0]).toMatchObject({ status: "ignored", reason: "unknown_event" });
  });

  it("records a processing error on the delivery row and still answered 200", async () => {
    refresh.mockRejectedValue(new Error("upstream unavailable"));
    const d = buildDelivery();
    expect((await deliver(d.request)).status).toBe(200);
    expect((await rowsFor(d.id))[0]).toMatchObject({ status: "error", reason: "Error: upstream unavailable" });
  });

  it("answers before the read-back finishes", async () => {
    let release!: () => void;
    refresh.mockReturnValue(new Promise((resolve) => (release = () => resolve("updated"))));
    const d = buildDelivery();
    const res = await POST(d.request);
    expect(res.status).toBe(200);
    expect((await rowsFor(d.id))[0].status).toBe("accepted");
    release();
    await waitForAfterResponseTasks();
    expect((await rowsFor(d.id))[0].status).toBe("processed");
  });
});

describe("exactly once", () => {
  it("processes the same id delivered concurrently 5 times once and acknowledges all 5", async () => {
    const id = nextDeliveryId();
    const responses = await Promise.all(Array.from({ length: 5 }, () => POST(buildDelivery({ id }).request)));
    await waitForAfterResponseTasks();
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(refresh).toHaveBeenCalledTimes(1);
    const rows = await rowsFor(id);
    expect(rows.map((r) => r.status).sort()).toEqual(["duplicate", "duplicate", "duplicate", "duplicate", "processed"]);
  });

  it("acknowledges a retry of an already-processed id after a restart without processing it again", async () => {
    const d = buildDelivery();
    await deliver(d.request);
    vi.resetModules(); // a fresh process: no module state survives, only the database
    const fresh = await import("@/app/api/webhooks/upstream/route");
    const res = await fresh.POST(buildDelivery({ id: d.id }).request);
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toEqual({ ok: true, duplicate: true });
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe("retention", () => {
  it("prunes log rows older than WEBHOOK_LOG_RETENTION_DAYS and keeps newer ones", async () => {
    const { pruneWebhookLog } = await import("@/lib/webhooks/record");
    const nowMs = Date.now();
    const base = { status: "rejected", reason: "bad_signature", headers: "{}", body: "", bodyBytes: 0 };
    const old = await db.webhookDelivery.create({ data: { ...base, receivedAt: new Date(nowMs - 31 * 86_400_000) } });
    const recent = await db.webhookDelivery.create({
      data: { ...base, receivedAt: new Date(nowMs - 29 * 86_400_000) },
    });
    expect(await pruneWebhookLog(nowMs)).toBeGreaterThanOrEqual(1);
    expect(await db.webhookDelivery.findUnique({ where: { id: old.id } })).toBeNull();
    expect(await db.webhookDelivery.findUnique({ where: { id: recent.id } })).not.toBeNull();
  });
});

describe("resuming after a crash", () => {
  it("settles a delivery that was acknowledged but never processed, once, even with two instances racing", async () => {
    const { resumeUnsettledDeliveries } = await import("@/lib/webhooks/resume");
    const d = buildDelivery({ orderId: 5151 });
    const stuck = await db.webhookDelivery.create({
      data: {
        deliveryId: d.id,
        processedDeliveryId: d.id,
        event: "order.completed",
        upstreamOrderId: 5151,
        status: "accepted",
        headers: "{}",
        body: d.body,
        bodyBytes: d.body.length,
        receivedAt: new Date(Date.now() - 120_000),
      },
    });
    const counts = await Promise.all([resumeUnsettledDeliveries(), resumeUnsettledDeliveries()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(refresh).toHaveBeenCalledExactlyOnceWith(
      5151,
      { kind: "webhook", deliveryId: d.id },
      expect.any(Date),
      "main",
    );
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: stuck.id } })).toMatchObject({
      status: "processed",
      reason: "resumed: updated",
    });
  });

  it("leaves a delivery whose read-back is still running within the grace period alone", async () => {
    const { resumeUnsettledDeliveries } = await import("@/lib/webhooks/resume");
    let release!: () => void;
    refresh.mockReturnValue(new Promise((resolve) => (release = () => resolve("updated"))));
    const d = buildDelivery();
    await POST(d.request);
    expect(await resumeUnsettledDeliveries()).toBe(0);
    release();
    await waitForAfterResponseTasks();
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
