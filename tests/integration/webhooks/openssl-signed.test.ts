// Signs deliveries with an independent HMAC implementation (the openssl command line), so
// a bug shared by the receiver and the test helper cannot hide.
import { execFileSync } from "node:child_process";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { POST } from "@/app/api/webhooks/upstream/route";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { buildDelivery, nextDeliveryId, payloadOf, testSecret } from "./delivery";

const refresh = vi.hoisted(() => vi.fn());
vi.mock("@/lib/orders/fulfilment/refresh-line", () => ({ refreshLineByUpstreamOrderId: refresh }));

function opensslHmac(body: string, secret: string): string {
  const out = execFileSync("openssl", ["dgst", "-sha256", "-hmac", secret], { input: body }).toString("utf8");
  const hex = out.trim().split(/\s+/).pop() ?? "";
  expect(hex).toMatch(/^[0-9a-f]{64}$/);
  return hex;
}

beforeEach(() => {
  refresh.mockReset();
  refresh.mockResolvedValue("updated");
});

describe("deliveries signed by openssl", () => {
  it("openssl agrees with the known-answer vector", () => {
    expect(opensslHmac("Hello, World!", "It's a Secret to Everybody")).toBe(
      "757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
    );
  });

  it.each([
    ["compact JSON", (id: string) => payloadOf({ id })],
    [
      "pretty JSON with non-ASCII text",
      (id: string) => JSON.stringify({ ...JSON.parse(payloadOf({ id })), note: "Café ✓" }, null, 2),
    ],
  ])("accepts a delivery with %s signed by openssl", async (_label, makeBody) => {
    const id = nextDeliveryId();
    const body = makeBody(id);
    const d = buildDelivery({
      id,
      rawBody: body,
      headers: { "x-webhook-signature": `sha256=${opensslHmac(body, testSecret)}` },
    });
    const res = await POST(d.request);
    await waitForAfterResponseTasks();
    expect(res.status).toBe(200);
    expect(refresh).toHaveBeenCalledOnce();
    const row = await db.webhookDelivery.findFirstOrThrow({ where: { deliveryId: id } });
    expect(row.status).toBe("processed");
    expect(row.body).toBe(body);
  });
});
