import { describe, expect, it } from "vitest";
import { clientIp, encodePeer, isLoopbackClient, normaliseIp, peerHeaderName } from "./client-ip";

const fromPeer = (address: string, extra: Record<string, string> = {}, forwarded = "x-forwarded-for" in extra) =>
  new Headers({ ...extra, [peerHeaderName()]: encodePeer(address, forwarded) });

describe("clientIp", () => {
  it("is the socket's peer with no trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientIp(fromPeer("203.0.113.9", { "x-forwarded-for": "6.6.6.6" }), 0)).toBe("203.0.113.9");
    expect(clientIp(fromPeer("::ffff:198.51.100.1"), 0)).toBe("198.51.100.1");
  });

  it("is the entry the outermost trusted proxy appended, so a client's own entries are ignored", () => {
    const h = fromPeer("10.0.0.2", { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 10.0.0.1" });
    expect(clientIp(h, 1)).toBe("10.0.0.1");
    expect(clientIp(h, 2)).toBe("203.0.113.9");
    // Fewer entries than trusted proxies: the request skipped a proxy; the peer is all we know.
    expect(clientIp(fromPeer("10.0.0.2", { "x-forwarded-for": "6.6.6.6" }), 2)).toBe("10.0.0.2");
  });

  it("ignores a peer header under any other name, and is unknown without a stamp", () => {
    expect(clientIp(new Headers({ "x-peer-0000": "0 1.2.3.4", "x-real-ip": "1.2.3.4" }), 0)).toBe("unknown");
    expect(clientIp(undefined, 0)).toBe("unknown");
    expect(clientIp({ [peerHeaderName()]: "0 192.0.2.4" }, 0)).toBe("192.0.2.4");
  });

  it("normalises mapped, bracketed and zoned addresses", () => {
    expect(normaliseIp("[::1]")).toBe("::1");
    expect(normaliseIp("fe80::1%eth0")).toBe("fe80::1");
    expect(normaliseIp("::FFFF:127.0.0.1")).toBe("127.0.0.1");
  });

  it("writes an IPv4-mapped address as its IPv4 address in every spelling, and leaves other IPv6 addresses whole", () => {
    expect(normaliseIp("::ffff:cb00:7109")).toBe("203.0.113.9");
    expect(normaliseIp("0:0:0:0:0:ffff:203.0.113.9")).toBe("203.0.113.9");
    expect(normaliseIp("::ffff:0:203.0.113.9")).toBe("::ffff:0:203.0.113.9");
    expect(normaliseIp("::ffff:0:cb00:7109")).toBe("::ffff:0:cb00:7109");
  });
});

describe("isLoopbackClient", () => {
  it("is true for a request straight from this machine", () => {
    expect(isLoopbackClient(fromPeer("127.0.0.1"), 0)).toBe(true);
    expect(isLoopbackClient(fromPeer("::1"), 0)).toBe(true);
  });

  it("is false for another machine, for a forged header, and for a relay on this machine with no trusted hops", () => {
    expect(isLoopbackClient(fromPeer("192.0.2.2"), 0)).toBe(false);
    expect(isLoopbackClient(fromPeer("192.0.2.2", { "x-forwarded-for": "127.0.0.1" }), 0)).toBe(false);
    expect(isLoopbackClient(fromPeer("127.0.0.1", { "x-forwarded-for": "203.0.113.9" }), 0)).toBe(false);
    expect(isLoopbackClient(new Headers(), 0)).toBe(false);
  });

  it("follows the trusted hops behind a proxy", () => {
    expect(isLoopbackClient(fromPeer("127.0.0.1", { "x-forwarded-for": "127.0.0.1, 203.0.113.9" }), 1)).toBe(false);
    expect(isLoopbackClient(fromPeer("127.0.0.1", { "x-forwarded-for": "203.0.113.9, 127.0.0.1" }), 1)).toBe(true);
  });
});
