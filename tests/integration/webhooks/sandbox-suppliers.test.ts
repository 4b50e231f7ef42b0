// The sandbox supplier b, configured the demo's way (UPSTREAM_SUPPLIERS=b, SANDBOX_SUPPLIERS=b),
// sends its webhooks to b's endpoint signed with b's secret: b's endpoint takes them, main's
// refuses them (docs/suppliers.md#sandbox).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as mainPost } from "@/app/api/webhooks/upstream/route";
import { POST as supplierPost } from "@/app/api/webhooks/upstream/[supplier]/route";
import { db } from "@/lib/db";
import { env, resetEnvForTests } from "@/lib/env";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { createSandbox, sandboxOptionsFor, type Sandbox } from "@/lib/sandbox";
import { UpstreamClient } from "@/lib/upstream";

const supplierVars = { UPSTREAM_SUPPLIERS: "b", SANDBOX_SUPPLIERS: "b" };
let sandbox: Sandbox;
const sent: { url: string; init: RequestInit }[] = [];

beforeAll(() => {
  Object.assign(process.env, supplierVars);
  resetEnvForTests();
  sandbox = createSandbox({
    ...sandboxOptionsFor("b"),
    dbPath: ":memory:",
    settleMs: 0,
    deliver: async (url, init) => {
      sent.push({ url, init });
      const supplier = new URL(url).pathname.split("/").at(-1)!;
      return supplierPost(new Request(url, init), { params: Promise.resolve({ supplier }) });
    },
  });
});

afterAll(() => {
  sandbox.close();
  for (const key of Object.keys(supplierVars)) delete process.env[key];
  resetEnvForTests();
});

describe("the sandbox supplier b's webhooks", () => {
  it("reach b's endpoint signed with b's secret, and main's endpoint refuses the same delivery", async () => {
    const b = env.suppliers[1]!;
    expect(b.webhookSecret).toBe(`${env.UPSTREAM_WEBHOOK_SECRET}_b`);
    const client = new UpstreamClient({ baseUrl: b.baseUrl, apiKey: b.apiKey, fetch: sandbox.fetch });
    const order = await client.purchase({ itemCode: "TEST-PENDING", quantity: 1 }, { idempotencyKey: "sup-b-1" });
    await sandbox.control.settleNow(order.orderId);
    const flushed = await sandbox.control.flushWebhooks();
    await waitForAfterResponseTasks();

    expect(flushed.delivered).toBeGreaterThan(0);
    expect(sent[0]!.url).toBe(`${env.APP_URL}/api/webhooks/upstream/b`);
    const rows = await db.webhookDelivery.findMany({ where: { upstreamOrderId: order.orderId } });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.source === "upstream:b" && r.status === "ignored")).toBe(true);

    const atMain = await mainPost(new Request(`${env.APP_URL}/api/webhooks/upstream`, sent[0]!.init));
    expect(atMain.status).toBe(401);
  });
});
