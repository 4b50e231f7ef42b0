// The addresses an outbound fetch to a host the shop was given may never reach
// (docs/going-live.md#outbound-fetches): private, loopback, link-local, shared (CGNAT),
// documentation, benchmarking, multicast and reserved ranges, in IPv4 and IPv6, IPv4 hidden
// inside IPv6 (mapped, compatible, NAT64, 6to4), anything outside IPv6's global unicast block,
// and this machine's own interface addresses. Pure: addresses in, a decision out.
import { isIP } from "node:net";

type Ip = { family: 4 | 6; bytes: number[] };

const forbiddenV4 = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // private
  "100.64.0.0/10", // shared address space (CGNAT)
  "127.0.0.0/8", // loopback
  "169.254.0.0/16", // link-local (cloud metadata services)
  "172.16.0.0/12", // private
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation (TEST-NET-1)
  "192.88.99.0/24", // 6to4 relay anycast
  "192.168.0.0/16", // private
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation (TEST-NET-2)
  "203.0.113.0/24", // documentation (TEST-NET-3)
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and the broadcast address 255.255.255.255
];

const forbiddenV6 = [
  "::/96", // unspecified, loopback, IPv4-compatible
  "64:ff9b::/96", // NAT64: any IPv4 behind it, private ones included
  "64:ff9b:1::/48", // local-use NAT64
  "100::/64", // discard-only
  "2001::/23", // IETF protocol assignments: Teredo, benchmarking (2001:2::/48), ORCHID
  "2001:db8::/32", // documentation
  "2002::/16", // 6to4: any IPv4 behind it
  "3fff::/20", // documentation
  "fc00::/7", // unique local
  "fe80::/10", // link-local
  "fec0::/10", // site-local (deprecated)
  "ff00::/8", // multicast
];

function parseV4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.map(Number);
}

function parseV6(text: string): number[] | null {
  if (isIP(text) !== 6) return null;
  let head = text;
  let tail: number[] = [];
  const last = text.slice(text.lastIndexOf(":") + 1);
  if (last.includes(".")) {
    const v4 = parseV4(last);
    if (!v4) return null;
    tail = v4;
    head = text.slice(0, text.length - last.length);
    if (!head.endsWith("::")) head = head.slice(0, -1);
  }
  const groups = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const [left, right] = head.split("::") as [string, string | undefined];
  const lead = groups(left);
  const trail = groups(right ?? "");
  const missing = 8 - tail.length / 2 - lead.length - trail.length;
  const words = [...lead, ...Array<number>(right === undefined ? 0 : missing).fill(0), ...trail];
  return [...words.flatMap((w) => [w >> 8, w & 0xff]), ...tail];
}

/** An address in one spelling: zone dropped, IPv4-mapped IPv6 (::ffff:a.b.c.d) as the IPv4 it is. */
function parseIp(raw: string): Ip | null {
  const text = raw
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!;
  const v4 = isIP(text) === 4 ? parseV4(text) : null;
  if (v4) return { family: 4, bytes: v4 };
  const v6 = parseV6(text);
  if (!v6) return null;
  const mapped = v6.slice(0, 10).every((b) => b === 0) && v6[10] === 0xff && v6[11] === 0xff;
  return mapped ? { family: 4, bytes: v6.slice(12) } : { family: 6, bytes: v6 };
}

function toRange(cidr: string, family: 4 | 6): { bytes: number[]; bits: number } {
  const [base, bits] = cidr.split("/") as [string, string];
  const bytes = family === 4 ? parseV4(base) : parseV6(base);
  if (!bytes) throw new Error(`bad range ${cidr}`);
  return { bytes, bits: Number(bits) };
}

function inRange(bytes: number[], range: { bytes: number[]; bits: number }): boolean {
  for (let bit = 0; bit < range.bits; bit += 8) {
    const take = Math.min(8, range.bits - bit);
    const mask = (0xff << (8 - take)) & 0xff;
    if ((bytes[bit / 8]! & mask) !== (range.bytes[bit / 8]! & mask)) return false;
  }
  return true;
}

const v4Ranges = forbiddenV4.map((c) => toRange(c, 4));
const v6Ranges = forbiddenV6.map((c) => toRange(c, 6));
const globalUnicast = toRange("2000::/3", 6);
const key = (ip: Ip) => `${ip.family}:${ip.bytes.join(".")}`;

/** True when an outbound fetch may not connect to `address`: a forbidden range, one of `own`, or not an address. */
export function isForbiddenAddress(address: string, own: readonly string[]): boolean {
  const ip = parseIp(address);
  if (!ip) return true;
  if (own.some((o) => parseIp(o) && key(parseIp(o)!) === key(ip))) return true;
  if (ip.family === 4) return v4Ranges.some((r) => inRange(ip.bytes, r));
  return !inRange(ip.bytes, globalUnicast) || v6Ranges.some((r) => inRange(ip.bytes, r));
}
