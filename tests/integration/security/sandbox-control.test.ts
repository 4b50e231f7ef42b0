// The sandbox's levers in a production build answer only on this machine, and a webhook target
// set through them must be a public http(s) host (the configured receiver stays trusted).
import { afterAll, afterEach, describe, expect, it } from "vitest";
import * as control from "@/app/sandbox/control/[action]/route";
import { resetEnvForTests } from "@/lib/env";
import { getSandbox } from "@/lib/sandbox";
import { fromClient } from "../../helpers/client-headers";

const key = process.env.SANDBOX_API_KEY!;
const saved = { ...process.env };

function ctl(action: string, body: unknown, headers: Record<string, string> = {}) {
  const request = new Request(`http://shop.test/sandbox/control/${action}`, {
    method: "POST",
    headers: { "X-API-Key": key, "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return control.POST(request, { params: Promise.resolve({ action }) });
}

afterEach(() => {
  process.env = { ...saved };
  resetEnvForTests();
});
afterAll(() => getSandbox().close());

describe("sandbox control surface", () => {
  it("refuses a webhook target on this machine or a private network, by address or by name", async () => {
    for (const url of [
      "http://127.0.0.1:5432/",
      "http://localhost:6379/x",
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.5/hook",
      "file:///etc/passwd",
    ]) {
      const res = await ctl("setOptions", { webhookUrl: url });
      expect(res.status, url).toBe(422);
    }
  });

  it("accepts the receiver configured in the environment, and switching webhooks off", async () => {
    expect((await ctl("setOptions", { webhookUrl: "http://shop.test/api/webhooks/upstream" })).status).toBe(200);
    expect((await ctl("setOptions", { webhookUrl: "" })).status).toBe(200);
  });

  it("answers a production build only from this machine, never through a relay or a forged header", async () => {
    (process.env as Record<string, string>).NODE_ENV = "production";
    resetEnvForTests();
    expect((await ctl("stats", {}, fromClient("127.0.0.1"))).status).toBe(200);
    expect((await ctl("stats", {}, fromClient("192.0.2.2"))).status).toBe(404);
    expect((await ctl("stats", {}, { ...fromClient("192.0.2.2"), "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
    // A proxy on this machine relaying a stranger (TRUSTED_PROXY_HOPS left at 0): still refused.
    expect(
      (await ctl("stats", {}, { ...fromClient("127.0.0.1", { relayed: true }), "x-forwarded-for": "203.0.113.9" }))
        .status,
    ).toBe(404);
    expect((await ctl("stats", {}, { ...fromClient("203.0.113.9"), "x-real-ip": "127.0.0.1" })).status).toBe(404);
    expect((await ctl("stats", {}, {})).status).toBe(404);
  });
});
