// The network a client address belongs to, so per-client limits also count what many addresses
// of one network do together (docs/going-live.md#per-client-limits): a /24 for IPv4 and a /48
// for IPv6, the blocks one holder commonly gets. An IPv4-mapped IPv6 address is its IPv4 address.
import { isIPv4, isIPv6 } from "node:net";
import { normaliseIp } from "./client-ip";

/** "203.0.113.9" → "203.0.113.0/24", "2001:db8:7:1::1" → "2001:db8:7::/48"; null for a non-address ("unknown", "email:…"). */
export function clientNetwork(ip: string): string | null {
  const address = normaliseIp(ip);
  if (isIPv4(address)) return ipv4Network(address.split(".").map(Number));
  if (!isIPv6(address)) return null;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return ipv4Network([groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff]);
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(":")}::/48`;
}

function ipv4Network(octets: number[]): string {
  return `${octets.slice(0, 3).join(".")}.0/24`;
}

/** The eight 16-bit groups of a valid IPv6 address ("::" expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = tail
    ? `${address.slice(0, tail.index)}${((+tail[1]! << 8) | +tail[2]!).toString(16)}:${((+tail[3]! << 8) | +tail[4]!).toString(16)}`
    : address;
  const [head, rest] = hex.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}
