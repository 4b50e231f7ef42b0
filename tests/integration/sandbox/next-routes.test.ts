import { afterAll, describe, expect, it } from "vitest";
import * as v1Root from "@/app/sandbox/v1/route";
import * as v1 from "@/app/sandbox/v1/[...path]/route";
import * as control from "@/app/sandbox/control/[action]/route";
import { resetEnvForTests } from "@/lib/env";
import { getSandbox } from "@/lib/sandbox";
import { apiKey } from "./sandbox-helpers";

const base = "http://shop.test/sandbox";
const headers = { "X-API-Key": apiKey, "Content-Type": "application/json" };
const ctl = (action: string, body?: unknown, h: Record<string, string> = headers) =>
  control.POST(
    new Request(`${base}/control/${action}`, { method: "POST", headers: h, body: JSON.stringify(body ?? {}) }),
    {
      params: Promise.resolve({ action }),
    },
  );

afterAll(() => {
  process.env.SANDBOX_ENABLED = "true";
  resetEnvForTests();
  getSandbox().close();
});

describe("sandbox Next.js routes", () => {
  it("serves /sandbox/v1 and /sandbox/v1/* through the process sandbox", async () => {
    await ctl("setOptions", { webhookUrl: "" });
    const info = await v1Root.GET(new Request(`${base}/v1`, { headers }));
    expect((await info.json()).data.api_version).toBe("1");
    const balance = await v1.GET(new Request(`${base}/v1/balance`, { headers }));
    expect(balance.status).toBe(200);
    expect((await balance.json()).data.state).toBe("success");
  });

  it("guards the control surface with the sandbox key and validates action bodies", async () => {
    expect((await ctl("reset", {}, { "X-API-Key": "wrong-key-123" })).status).toBe(401);
    expect((await ctl("setFaults", { nonsense: 1 })).status).toBe(422);
    expect((await ctl("noSuchAction")).status).toBe(404);
    const levers = {
      responseDelayMs: 200,
      responseDelayNextPurchases: 1,
      shortCodesNext: 1,
      shortCodesMissing: 2,
      shortCodesHealOnRead: true,
      outOfStockOnReplayNext: 1,
      priceRiseNext: 1,
      priceRisePercent: 20,
    };
    expect((await ctl("setFaults", levers)).status).toBe(200);
    expect((await ctl("faults", { shortCodesNext: -1 })).status).toBe(422);
    expect((await ctl("faults", { priceRiseNext: 0 })).status).toBe(200);
    expect((await ctl("reset")).status).toBe(200);
    expect((await ctl("setBalance", { balance: "12.34" })).status).toBe(200);
    const state = await control.GET(new Request(`${base}/control/state`, { headers }), {
      params: Promise.resolve({ action: "state" }),
    });
    expect((await state.json()).data).toMatchObject({
      balance: "12.34",
      requests: expect.any(Number),
      byRoute: expect.any(Object),
    });
  });

  it("answers a dropped purchase with a body stream that errors after the order was placed", async () => {
    await ctl("setBalance", { balance: "100.00" });
    await ctl("setFaults", { dropNextPurchases: 1 });
    const res = await v1.POST(
      new Request(`${base}/v1/orders`, {
        method: "POST",
        headers,
        body: JSON.stringify({ item_code: "TEST-INSTANT" }),
      }),
    );
    await expect(res.text()).rejects.toThrow();
    const orders = await (await ctl("listOrders")).json();
    expect(orders.data.orders).toHaveLength(1);
    expect(getSandbox().control.getBalance()).toBe("99.00");
  });

  it("answers 404 everywhere when SANDBOX_ENABLED is false", async () => {
    process.env.SANDBOX_ENABLED = "false";
    resetEnvForTests();
    expect((await v1.GET(new Request(`${base}/v1/balance`, { headers }))).status).toBe(404);
    expect((await ctl("reset")).status).toBe(404);
  });
});
