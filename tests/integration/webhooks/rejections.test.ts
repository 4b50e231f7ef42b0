// Every way the receiver refuses a delivery: each answers 4xx with nothing useful to an
// attacker, is recorded with its reason, and never reaches the order read-back.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/webhooks/upstream/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { buildDelivery, nextDeliveryId, payloadOf } from "./delivery";

const refresh = vi.hoisted(() => vi.fn());
vi.mock("@/lib/orders/fulfilment/refresh-line", () => ({ refreshLineByUpstreamOrderId: refresh }));

const savedEnv = { ...process.env };
const nowS = () => Math.floor(Date.now() / 1000);

function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvForTests();
}

async function expectRejected(request: Request, status: number, reason: string) {
  const id = request.headers.get("x-webhook-id");
  const res = await POST(request);
  await waitForAfterResponseTasks();
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ ok: false });
  const row = await db.webhookDelivery.findFirstOrThrow({ orderBy: [{ receivedAt: "desc" }, { id: "desc" }] });
  expect(row).toMatchObject({ status: "rejected", reason, processedDeliveryId: null });
  if (id) expect(row.deliveryId).toBe(id);
  expect(refresh).not.toHaveBeenCalled();
  return row;
}

beforeEach(() => {
  refresh.mockReset();
  refresh.mockResolvedValue("updated");
});

afterEach(() => {
  process.env = { ...savedEnv };
  resetEnvForTests();
});

describe("signature", () => {
  it("rejects a bad signature", async () => {
    const d = buildDelivery({ headers: { "x-webhook-signature": `sha256=${"ab".repeat(32)}` } });
    await expectRejected(d.request, 401, "bad_signature");
  });

  it("rejects a signature computed over a re-encoded body (same JSON, different whitespace)", async () => {
    const id = nextDeliveryId();
    const compact = payloadOf({ id });
    const pretty = JSON.stringify(JSON.parse(compact), null, 2);
    await expectRejected(buildDelivery({ id, rawBody: pretty, signedBody: compact }).request, 401, "bad_signature");
  });

  it("rejects a delivery signed with the wrong secret", async () => {
    await expectRejected(buildDelivery({ secret: "whsec_someone_else" }).request, 401, "bad_signature");
  });

  it.each(["x-webhook-signature", "x-webhook-id", "x-webhook-event", "x-webhook-timestamp"])(
    "rejects a delivery missing %s",
    async (header) => {
      await expectRejected(buildDelivery({ headers: { [header]: null } }).request, 401, "missing_headers");
    },
  );

  it("rejects every delivery, recorded, when no secret is configured", async () => {
    setEnv({ UPSTREAM_WEBHOOK_SECRET: undefined });
    await expectRejected(buildDelivery().request, 401, "no_secret");
  });
});

describe("timestamp window", () => {
  it("rejects a timestamp more than 300 s old", async () => {
    await expectRejected(buildDelivery({ timestampS: nowS() - 301 }).request, 401, "stale_timestamp");
  });

  it("rejects a timestamp more than 300 s in the future", async () => {
    await expectRejected(buildDelivery({ timestampS: nowS() + 301 }).request, 401, "future_timestamp");
  });

  it("accepts a timestamp 290 s old", async () => {
    expect((await POST(buildDelivery({ timestampS: nowS() - 290 }).request)).status).toBe(200);
  });
});

describe("secret rotation", () => {
  const rotate = (untilMs: number) =>
    setEnv({
      UPSTREAM_WEBHOOK_SECRET: "whsec_new",
      UPSTREAM_WEBHOOK_SECRET_PREVIOUS: "whsec_test_secret",
      UPSTREAM_WEBHOOK_PREVIOUS_UNTIL: new Date(untilMs).toISOString(),
    });

  it("accepts the previous secret inside the rotation window and the current one too", async () => {
    rotate(Date.now() + 3_600_000);
    const old = buildDelivery({ secret: "whsec_test_secret" });
    expect((await POST(old.request)).status).toBe(200);
    expect((await POST(buildDelivery({ secret: "whsec_new" }).request)).status).toBe(200);
    await waitForAfterResponseTasks();
    const row = await db.webhookDelivery.findFirstOrThrow({ where: { deliveryId: old.id } });
    expect(row.secretUsed).toBe("previous");
  });

  it("refuses the previous secret after the rotation window", async () => {
    rotate(Date.now() - 1000);
    await expectRejected(buildDelivery({ secret: "whsec_test_secret" }).request, 401, "bad_signature");
  });

  it("refuses the previous secret when no end of the window is configured", async () => {
    setEnv({ UPSTREAM_WEBHOOK_SECRET: "whsec_new", UPSTREAM_WEBHOOK_SECRET_PREVIOUS: "whsec_test_secret" });
    await expectRejected(buildDelivery({ secret: "whsec_test_secret" }).request, 401, "bad_signature");
  });
});

describe("body", () => {
  it("answers 413 to a body over 64 kB, streamed without Content-Length, and records a prefix", async () => {
    const big = JSON.stringify({ pad: "x".repeat(70 * 1024) });
    const row = await expectRejected(buildDelivery({ rawBody: big }).request, 413, "body_too_large");
    expect(row.bodyBytes).toBeGreaterThan(64 * 1024);
    expect(row.body.length).toBeLessThanOrEqual(4096);
  });

  it("answers 413 from the declared Content-Length before reading the body", async () => {
    const d = buildDelivery({ headers: { "content-length": String(1_000_000) } });
    const row = await expectRejected(d.request, 413, "body_too_large");
    expect(row.bodyBytes).toBe(1_000_000);
  });

  it("rejects malformed JSON that carries a valid signature", async () => {
    await expectRejected(buildDelivery({ rawBody: '{"event":"order.completed",' }).request, 400, "malformed_body");
  });

  it("rejects a body whose id differs from X-Webhook-Id", async () => {
    const d = buildDelivery({ rawBody: payloadOf({ id: "wh_other" }) });
    await expectRejected(d.request, 400, "id_mismatch");
  });

  it("rejects a body whose event differs from X-Webhook-Event", async () => {
    const id = nextDeliveryId();
    const d = buildDelivery({ id, rawBody: payloadOf({ id, event: "order.failed" }), event: "order.completed" });
    await expectRejected(d.request, 400, "event_mismatch");
  });
});
