import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkOutboundUrl, isForbiddenAddress, outboundFetch, type OutboundDeps } from "./outbound-guard";

type Address = { address: string; family: number };
const at = (address: string): Address => ({ address, family: address.includes(":") ? 6 : 4 });
const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map(at);
const noOwn = () => [];
const ok = (body = "ok", headers: Record<string, string> = {}) => new Response(body, { headers });

describe("isForbiddenAddress", () => {
  it("refuses private, loopback, link-local, CGNAT, documentation, benchmark, multicast and reserved IPv4", () => {
    for (const ip of [
      "0.0.0.0",
      "0.1.2.3",
      "10.1.2.3",
      "100.64.0.1",
      "100.127.255.254",
      "127.0.0.1",
      "127.9.9.9",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.0.0.8",
      "192.0.2.2",
      "192.88.99.1",
      "192.168.1.1",
      "198.18.0.1",
      "198.19.255.255",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
    ])
      expect(isForbiddenAddress(ip, []), ip).toBe(true);
  });

  it("refuses the same ranges in IPv6, and IPv4 hidden inside IPv6 (mapped, in dotted or hex form)", () => {
    for (const ip of [
      "::",
      "::1",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::FFFF:A00:1",
      "::ffff:192.0.2.2",
      "::ffff:169.254.169.254",
      "::127.0.0.1",
      "64:ff9b::a00:1",
      "64:ff9b::808:808",
      "100::1",
      "2001:db8::1",
      "2001::1",
      "2001:2::1",
      "2002:a00:1::1",
      "fc00::1",
      "fd00::2",
      "fe80::1",
      "fe80::fc:ff:fe00:1%eth0",
      "fec0::1",
      "ff02::1",
      "not-an-ip",
      "",
    ])
      expect(isForbiddenAddress(ip, []), ip).toBe(true);
  });

  it("accepts public addresses, mapped ones too", () => {
    for (const ip of [
      "93.184.216.34",
      "8.8.8.8",
      "100.128.0.1",
      "172.32.0.1",
      "2606:4700:4700::1111",
      "::ffff:93.184.216.34",
      "::ffff:5db8:d822",
    ])
      expect(isForbiddenAddress(ip, []), ip).toBe(false);
  });

  it("refuses this machine's own interface addresses, even public ones, in any spelling", () => {
    const own = ["93.184.216.40", "2606:4700:10::6816:1"];
    expect(isForbiddenAddress("93.184.216.40", own)).toBe(true);
    expect(isForbiddenAddress("::ffff:93.184.216.40", own)).toBe(true);
    expect(isForbiddenAddress("2606:4700:10:0:0:0:6816:1", own)).toBe(true);
    expect(isForbiddenAddress("93.184.216.41", own)).toBe(false);
  });
});

describe("checkOutboundUrl", () => {
  const deps: OutboundDeps = { resolve: resolvesTo("93.184.216.34"), ownAddresses: noOwn };

  it("takes only http(s) URLs without credentials", async () => {
    for (const raw of ["ftp://cdn.example/x.png", "file:///etc/passwd", "not a url", "https://user:pw@cdn.example/x"])
      expect(await checkOutboundUrl(raw, {}, deps), raw).toMatchObject({ ok: false });
    expect(await checkOutboundUrl("https://cdn.example/x.png", {}, deps)).toMatchObject({ ok: true });
  });

  it("refuses a name when any of its addresses is forbidden, and a name that does not resolve", async () => {
    const mixed = { resolve: resolvesTo("93.184.216.34", "10.0.0.5"), ownAddresses: noOwn };
    expect(await checkOutboundUrl("https://cdn.example/x", {}, mixed)).toMatchObject({ ok: false });
    const none = { resolve: resolvesTo(), ownAddresses: noOwn };
    expect(await checkOutboundUrl("https://cdn.example/x", {}, none)).toMatchObject({ ok: false });
    const failing = { resolve: () => Promise.reject(new Error("ENOTFOUND")), ownAddresses: noOwn };
    expect(await checkOutboundUrl("https://cdn.example/x", {}, failing)).toMatchObject({ ok: false });
    expect(await checkOutboundUrl("http://[::ffff:7f00:1]:8080/x", {}, deps)).toMatchObject({ ok: false });
    expect(await checkOutboundUrl("http://2130706433/x", {}, deps)).toMatchObject({ ok: false });
  });

  it("refuses a name that resolves to this machine's own address", async () => {
    const self = { resolve: resolvesTo("93.184.216.40"), ownAddresses: () => ["93.184.216.40"] };
    expect(await checkOutboundUrl("https://self.example/x", {}, self)).toMatchObject({ ok: false });
  });

  it("lets private addresses through only when allowed explicitly", async () => {
    const local = { resolve: resolvesTo("127.0.0.1"), ownAddresses: noOwn };
    expect(await checkOutboundUrl("http://localhost:3000/x", {}, local)).toMatchObject({ ok: false });
    expect(await checkOutboundUrl("http://localhost:3000/x", { allowPrivate: true }, local)).toMatchObject({
      ok: true,
    });
  });
});

describe("outboundFetch", () => {
  it("connects to the address it checked: a name that rebinds after the check is not asked again", async () => {
    const answers = [["93.184.216.34"], ["127.0.0.1"]];
    let lookups = 0;
    const pinned: string[] = [];
    const deps: OutboundDeps = {
      resolve: async () => (answers[lookups++] ?? []).map(at),
      ownAddresses: noOwn,
      transport: async (_url, _init, address) => {
        pinned.push(address.address);
        return ok();
      },
    };
    const res = await outboundFetch("https://rebind.example/x", { maxBytes: 1024, timeoutMs: 5000 }, deps);
    expect(res.status).toBe(200);
    expect(pinned).toEqual(["93.184.216.34"]);
    expect(lookups).toBe(1);
  });

  it("never calls a forbidden host, and checks every redirect like the first hop", async () => {
    const called: string[] = [];
    const deps: OutboundDeps = {
      resolve: async (host) => [at(host === "internal.example" ? "10.0.0.7" : "93.184.216.34")],
      ownAddresses: noOwn,
      transport: async (url) => {
        called.push(url.href);
        if (url.pathname === "/inside")
          return new Response(null, { status: 302, headers: { Location: "http://internal.example/" } });
        if (url.pathname === "/meta")
          return new Response(null, { status: 301, headers: { Location: "http://169.254.169.254/" } });
        if (url.pathname === "/moved") return new Response(null, { status: 302, headers: { Location: "/final" } });
        return ok("final");
      },
    };
    const init = { maxBytes: 1024, timeoutMs: 5000, maxRedirects: 3 };
    await expect(outboundFetch("https://cdn.example/inside", init, deps)).rejects.toThrow(/not allowed/);
    await expect(outboundFetch("https://cdn.example/meta", init, deps)).rejects.toThrow(/not allowed/);
    await expect(outboundFetch("http://10.1.1.1/x", init, deps)).rejects.toThrow(/not allowed/);
    const res = await outboundFetch("https://cdn.example/moved", init, deps);
    expect(res.body.toString()).toBe("final");
    expect(called).toEqual([
      "https://cdn.example/inside",
      "https://cdn.example/meta",
      "https://cdn.example/moved",
      "https://cdn.example/final",
    ]);
    // Without redirects allowed, a 3xx is the answer itself.
    const noFollow = await outboundFetch("https://cdn.example/moved", { maxBytes: 1024, timeoutMs: 5000 }, deps);
    expect(noFollow.status).toBe(302);
  });

  it("caps the body's size and the whole call's time", async () => {
    const big: OutboundDeps = {
      resolve: resolvesTo("93.184.216.34"),
      ownAddresses: noOwn,
      transport: async () => ok("x".repeat(2048)),
    };
    await expect(outboundFetch("https://cdn.example/x", { maxBytes: 1024, timeoutMs: 5000 }, big)).rejects.toThrow(
      /too large/,
    );
    const hanging: OutboundDeps = {
      resolve: resolvesTo("93.184.216.34"),
      ownAddresses: noOwn,
      transport: (_url, init) =>
        new Promise((_resolve, reject) => init.signal.addEventListener("abort", () => reject(init.signal.reason))),
    };
    await expect(outboundFetch("https://cdn.example/x", { maxBytes: 1024, timeoutMs: 1 }, hanging)).rejects.toThrow();
  });
});

describe("outboundFetch over the network", () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => res.end(`${req.method} ${req.headers.host} ${req.url}`));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("opens the connection to the checked address, keeping the name for the request", async () => {
    // `.invalid` never resolves: the answer can only come from the pinned address.
    const res = await outboundFetch(
      `http://shop-test.invalid:${port}/hook`,
      { method: "POST", body: "{}", maxBytes: 1024, timeoutMs: 5000, allowPrivate: true },
      { resolve: resolvesTo("127.0.0.1"), ownAddresses: noOwn },
    );
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(`POST shop-test.invalid:${port} /hook`);
  });

  it("refuses loopback unless private addresses are allowed", async () => {
    await expect(
      outboundFetch(`http://127.0.0.1:${port}/x`, { maxBytes: 1024, timeoutMs: 5000 }, { ownAddresses: noOwn }),
    ).rejects.toThrow(/not allowed/);
  });
});
