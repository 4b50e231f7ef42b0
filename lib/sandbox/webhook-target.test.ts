import { describe, expect, it } from "vitest";
import { checkWebhookTarget, createWebhookDeliver, isPublicAddress } from "./webhook-target";

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const policy = { trustedUrl: "http://127.0.0.1:3000/api/webhooks/upstream", allowPrivate: false };

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, shared, documentation, multicast and reserved ranges", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "192.0.2.2",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not-an-ip",
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it("accepts public addresses", () => {
    for (const ip of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:93.184.216.34"])
      expect(isPublicAddress(ip), ip).toBe(true);
  });
});

describe("checkWebhookTarget", () => {
  it("takes only http(s)", async () => {
    expect(await checkWebhookTarget("ftp://hooks.example/x", policy, resolvesTo("93.184.216.34"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/http and https/),
    });
    expect(await checkWebhookTarget("not a url", policy)).toMatchObject({ ok: false });
  });

  it("resolves names first: a public-looking name that points inside is refused", async () => {
    expect(await checkWebhookTarget("https://hooks.example/x", policy, resolvesTo("127.0.0.1"))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/private, loopback/),
    });
    expect(
      await checkWebhookTarget("https://hooks.example/x", policy, resolvesTo("93.184.216.34", "10.0.0.5")),
    ).toMatchObject({ ok: false });
    expect(await checkWebhookTarget("https://hooks.example/x", policy, resolvesTo("93.184.216.34"))).toEqual({
      ok: true,
    });
    expect(await checkWebhookTarget("http://[::1]:8080/x", policy)).toMatchObject({ ok: false });
  });

  it("trusts the configured target and, when allowed, any private one", async () => {
    expect(await checkWebhookTarget("http://127.0.0.1:3000/api/webhooks/upstream", policy)).toEqual({ ok: true });
    expect(await checkWebhookTarget("http://10.0.0.5/hook", { allowPrivate: true })).toEqual({ ok: true });
  });
});

describe("createWebhookDeliver", () => {
  it("refuses, inside the connection, a host name that resolves to this machine", async () => {
    const deliver = createWebhookDeliver(policy);
    await expect(deliver("http://localhost:9/hook", { method: "POST", body: "{}" })).rejects.toThrow(
      /not a public address/,
    );
    await expect(deliver("http://127.0.0.2:9/hook", { method: "POST", body: "{}" })).rejects.toThrow(
      /not a public address/,
    );
  });
});
