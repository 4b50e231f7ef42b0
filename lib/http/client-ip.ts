// Who is asking, for per-client limits (sign-in, sign-up, quotes, checkout, webhooks) and the
// sandbox's loopback-only control surface: one module, so the rule for trusting proxy headers
// lives in one place (docs/going-live.md#proxies).
//
// X-Forwarded-For is whatever the client sent, plus one entry per proxy that appends to it;
// `next start` keeps a client's header as it is and only fills it in when absent. So with no
// trusted proxy (TRUSTED_PROXY_HOPS=0) the client is the socket's peer address, which
// lib/http/peer-address.ts stamps on every request under a header name chosen at random per
// process (a client cannot send a header it cannot name). With N trusted proxies, the client
// is the Nth entry from the right: the one the outermost trusted proxy appended.
import { isIPv6 } from "node:net";
import { getEnv } from "@/lib/env";

type HeaderSource = Record<string, string | string[] | undefined> | Headers | undefined;
type Peer = { address: string; forwarded: boolean };

const globalForPeer = globalThis as unknown as { __shopPeerHeader?: string };

/** The per-process name of the header carrying the socket's peer address. */
export function peerHeaderName(): string {
  globalForPeer.__shopPeerHeader ??= `x-peer-${crypto.randomUUID().replace(/-/g, "")}`;
  return globalForPeer.__shopPeerHeader;
}

/** The stamped value: whether the request arrived with forwarding headers, and the peer address. */
export function encodePeer(address: string, forwarded: boolean): string {
  return `${forwarded ? 1 : 0} ${normaliseIp(address)}`;
}

function read(headers: HeaderSource, name: string): string | undefined {
  if (!headers) return undefined;
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const v = headers[name];
  return Array.isArray(v) ? v.join(", ") : v;
}

function readPeer(headers: HeaderSource): Peer | null {
  const m = /^([01]) (\S{1,64})$/.exec(read(headers, peerHeaderName()) ?? "");
  return m ? { forwarded: m[1] === "1", address: m[2]! } : null;
}

// An IPv4-mapped IPv6 address (::ffff:0:0/96) in any spelling: "::ffff:203.0.113.9",
// "::ffff:cb00:7109", "0:0:0:0:0:ffff:203.0.113.9"; the IPv4 address is the dotted or the hex tail.
const mappedIpv4 =
  /^(?:(?:0{1,4}:){5}|(?:0{1,4}:){0,4}:?:)ffff:(?:(\d{1,3}(?:\.\d{1,3}){3})|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/;

/**
 * One spelling per address, so one client is one key: an IPv4-mapped address as the IPv4 address
 * it is ("::ffff:cb00:7109" → "203.0.113.9"), any other IPv6 address whole; brackets and zone ids
 * dropped; lower case.
 */
export function normaliseIp(ip: string): string {
  const bare = ip
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "")
    .toLowerCase();
  const mapped = isIPv6(bare) ? mappedIpv4.exec(bare) : null;
  if (!mapped) return bare;
  if (mapped[1]) return mapped[1];
  const [high, low] = [parseInt(mapped[2]!, 16), parseInt(mapped[3]!, 16)];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
}

/**
 * The client address for per-client limits, or "unknown" when the request did not come through
 * this process's HTTP server (tests, scripts). Never a value the client chose.
 */
export function clientIp(headers: HeaderSource, hops: number = getEnv().TRUSTED_PROXY_HOPS): string {
  const peer = readPeer(headers);
  if (hops > 0) {
    const hopsSeen = (read(headers, "x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    // Fewer entries than trusted proxies: the request did not come through all of them.
    if (hopsSeen.length >= hops) return normaliseIp(hopsSeen[hopsSeen.length - hops]!).slice(0, 64);
  }
  return peer?.address ?? "unknown";
}

/** 127.0.0.0/8 and ::1. */
export function isLoopbackAddress(ip: string): boolean {
  const a = normaliseIp(ip);
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/**
 * True only for a request from this machine: the client (per the trusted hops) is a loopback
 * address. With no trusted proxy, a request relayed by a proxy on this machine (it carries
 * forwarding headers) does not count, so a forgotten TRUSTED_PROXY_HOPS fails closed.
 */
export function isLoopbackClient(headers: HeaderSource, hops: number = getEnv().TRUSTED_PROXY_HOPS): boolean {
  if (hops > 0) return isLoopbackAddress(clientIp(headers, hops));
  const peer = readPeer(headers);
  return peer !== null && !peer.forwarded && isLoopbackAddress(peer.address);
}
