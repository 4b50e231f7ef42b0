// Each supplier's webhook endpoint verifies with that supplier's secret alone
// (docs/suppliers.md#webhooks): /api/webhooks/upstream stays main's, /api/webhooks/upstream/b is b's.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { POST as mainPost } from "@/app/api/webhooks/upstream/route";
import { POST as supplierPost } from "@/app/api/webhooks/upstream/[supplier]/route";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { buildDelivery, nextDeliveryId } from "./delivery";

const refresh = vi.hoisted(() => vi.fn());
vi.mock("@/lib/orders/fulfilment/refresh-line", () => ({ refreshLineByUpstreamOrderId: refresh }));

const secretB = "whsec_supplier_b_secret";
const supplierVars = {
  UPSTREAM_SUPPLIERS: "b",
  UPSTREAM_B_BASE_URL: "http://shop.test/sandbox/b/v1",
  UPSTREAM_B_API_KEY: "sandbox_b_key_0123456789",
  UPSTREAM_B_WEBHOOK_SECRET: secretB,
};

beforeAll(() => {
  Object.assign(process.env, supplierVars);
  resetEnvForTests();
});

afterAll(() => {
  for (const key of Object.keys(supplierVars)) delete process.env[key];
  resetEnvForTests();
});

beforeEach(() => {
  refresh.mockReset();
  refresh.mockResolvedValue("updated");
});

async function atMain(request: Request) {
  const response = await mainPost(request);
  await waitForAfterResponseTasks();
  return response;
}

async function atSupplier(supplier: string, request: Request) {
  const response = await supplierPost(request, { params: Promise.resolve({ supplier }) });
  await waitForAfterResponseTasks();
  return response;
}

function rowsFor(deliveryId: string) {
  return db.webhookDelivery.findMany({ where: { deliveryId }, orderBy: { receivedAt: "asc" } });
}

describe("webhooks per supplier", () => {
  it("refuses a delivery signed for supplier b at main's endpoint and accepts it at b's", async () => {
    const id = nextDeliveryId();
    const refused = await atMain(buildDelivery({ id, secret: secretB }).request);
    expect(refused.status).toBe(401);

    refresh.mockResolvedValue("unknown_order");
    const accepted = await atSupplier("b", buildDelivery({ id, secret: secretB, orderId: 77 }).request);
    expect(accepted.status).toBe(200);
    const rows = await rowsFor(id);
    expect(rows.map((r) => [r.source, r.status])).toEqual([
      ["upstream", "rejected"],
      ["upstream:b", "ignored"],
    ]);
    expect(rows[1]).toMatchObject({ reason: "unknown_order", upstreamOrderId: 77 });
  });

  it("refuses a delivery signed with main's secret at b's endpoint", async () => {
    const d = buildDelivery({});
    expect((await atSupplier("b", d.request)).status).toBe(401);
    expect((await rowsFor(d.id))[0]).toMatchObject({ source: "upstream:b", status: "rejected" });
  });

  it("looks up b's delivery among lines bought from b only", async () => {
    const d = buildDelivery({ secret: secretB, orderId: 4242 });
    expect((await atSupplier("b", d.request)).status).toBe(200);
    expect(refresh).toHaveBeenCalledExactlyOnceWith(4242, { kind: "webhook", deliveryId: d.id }, expect.any(Date), "b");
  });

  it("takes one delivery id from main and from b each once, as two deliveries", async () => {
    const id = nextDeliveryId();
    expect((await atMain(buildDelivery({ id }).request)).status).toBe(200);
    refresh.mockResolvedValue("unknown_order");
    expect((await atSupplier("b", buildDelivery({ id, secret: secretB }).request)).status).toBe(200);
    const again = await atSupplier("b", buildDelivery({ id, secret: secretB }).request);
    expect(again.status).toBe(200);
    const rows = await rowsFor(id);
    expect(rows.map((r) => [r.source, r.status])).toEqual([
      ["upstream", "processed"],
      ["upstream:b", "ignored"],
      ["upstream:b", "duplicate"],
    ]);
  });

  it("serves main at its named endpoint too, verified with main's secret", async () => {
    const d = buildDelivery({ orderId: 5150 });
    expect((await atSupplier("main", d.request)).status).toBe(200);
    expect(refresh).toHaveBeenCalledExactlyOnceWith(
      5150,
      { kind: "webhook", deliveryId: d.id },
      expect.any(Date),
      "main",
    );
  });

  it("answers 404 for a supplier the environment does not configure", async () => {
    expect((await atSupplier("c", buildDelivery({}).request)).status).toBe(404);
    expect((await atSupplier("../b", buildDelivery({}).request)).status).toBe(404);
  });
});
