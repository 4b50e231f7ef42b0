import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkWebhookTarget, createWebhookDeliver } from "./webhook-target";

// Which addresses are refused is lib/http/outbound-guard.test.ts's to prove; here, the sandbox's policy.
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const deps = (...addresses: string[]) => ({ resolve: resolvesTo(...addresses), ownAddresses: () => [] });
const policy = { trustedUrl: "http://127.0.0.1:3000/api/webhooks/upstream" };

describe("checkWebhookTarget", () => {
  it("takes only http(s)", async () => {
    expect(await checkWebhookTarget("ftp://hooks.example/x", policy, deps("93.184.216.34"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/http and https/),
    });
    expect(await checkWebhookTarget("not a url", policy)).toMatchObject({ ok: false });
  });

  it("resolves names first: a public-looking name that points inside is refused", async () => {
    expect(await checkWebhookTarget("https://hooks.example/x", policy, deps("127.0.0.1"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not allowed/),
    });
    expect(
      await checkWebhookTarget("https://hooks.example/x", policy, deps("93.184.216.34", "10.0.0.5")),
    ).toMatchObject({ ok: false });
    expect(await checkWebhookTarget("https://hooks.example/x", policy, deps("93.184.216.34"))).toEqual({ ok: true });
    expect(await checkWebhookTarget("http://[::1]:8080/x", policy)).toMatchObject({ ok: false });
    expect(await checkWebhookTarget("http://192.0.2.2:8080/x", policy)).toMatchObject({ ok: false });
  });

  it("trusts the receiver configured in SANDBOX_WEBHOOK_URL, on loopback too", async () => {
    expect(await checkWebhookTarget("http://127.0.0.1:3000/api/webhooks/upstream", policy)).toEqual({ ok: true });
    expect(await checkWebhookTarget("http://127.0.0.1:3000/admin", policy)).toMatchObject({ ok: false });
  });
});

describe("createWebhookDeliver", () => {
  let server: http.Server;
  let trustedUrl = "";
  const received: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push(`${req.method} ${req.url} ${body}`);
        res.end("thanks");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    trustedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/upstream`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses, at delivery, a host name that resolves to this machine", async () => {
    const deliver = createWebhookDeliver({ trustedUrl }, deps("127.0.0.1"));
    await expect(deliver("http://hooks.example:9/hook", { method: "POST", body: "{}" })).rejects.toThrow(/not allowed/);
    await expect(deliver("http://127.0.0.2:9/hook", { method: "POST", body: "{}" })).rejects.toThrow(/not allowed/);
  });

  it("delivers to the configured receiver on loopback", async () => {
    const deliver = createWebhookDeliver({ trustedUrl });
    const res = await deliver(trustedUrl, { method: "POST", body: '{"event":"x"}', headers: { "X-Webhook-Id": "1" } });
    expect(res.status).toBe(200);
    expect(received).toEqual(['POST /api/webhooks/upstream {"event":"x"}']);
  });
});
