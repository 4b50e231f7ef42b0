import "server-only";
// Where the sandbox may post webhooks. A target set through the control surface could make
// the server call any address (an internal admin page, a cloud metadata service) and report
// the status: only public http(s) hosts are allowed, checked by name resolution when the
// target is set and again inside the connection when each delivery is made (so a name that
// later resolves elsewhere is still refused). The target configured in the environment (the
// shop's own receiver, usually on loopback) stays trusted; SANDBOX_WEBHOOK_ALLOW_PRIVATE lifts
// the rule for local test rigs.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";

export type TargetPolicy = { trustedUrl?: string; allowPrivate: boolean };
export type TargetCheck = { ok: true } | { ok: false; reason: string };
type Address = { address: string; family: number };
export type Lookup = (hostname: string) => Promise<Address[]>;

const notPublic = new net.BlockList();
for (const [net4, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  notPublic.addSubnet(net4, bits, "ipv4");
for (const [net6, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["64:ff9b::", 96],
] as const) {
  notPublic.addSubnet(net6, bits, "ipv6");
}

/** False for loopback, private, link-local, shared, documentation, multicast and reserved ranges. */
export function isPublicAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = net.isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? "ipv4" : "ipv6");
}

const systemLookup: Lookup = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** Decides a target set through the control surface; host names are resolved first. */
export async function checkWebhookTarget(
  raw: string,
  policy: TargetPolicy,
  lookup: Lookup = systemLookup,
): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "webhookUrl: not a URL." };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: "webhookUrl: only http and https targets are allowed." };
  if (policy.allowPrivate || (policy.trustedUrl && url.href === new URL(policy.trustedUrl).href)) return { ok: true };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: Address[];
  try {
    addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookup(host);
  } catch {
    return { ok: false, reason: `webhookUrl: ${host} does not resolve.` };
  }
  if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
    return {
      ok: false,
      reason: `webhookUrl: ${host} is a private, loopback or link-local address; only the target in SANDBOX_WEBHOOK_URL may be one.`,
    };
  }
  return { ok: true };
}

type Deliver = (url: string, init: RequestInit) => Promise<Response>;

/** The sandbox's webhook transport: the trusted target by fetch, any other only to public addresses. */
export function createWebhookDeliver(policy: TargetPolicy): Deliver {
  return async (raw, init) => {
    const url = new URL(raw);
    if (policy.allowPrivate || (policy.trustedUrl && url.href === new URL(policy.trustedUrl).href)) {
      return fetch(url, { ...init, redirect: "manual" });
    }
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("webhook target is not http(s)");
    if (net.isIP(host) && !isPublicAddress(host)) throw new Error("webhook target is not a public address");
    return postPinned(url, init);
  };
}

/** The connection's own name resolution refuses non-public answers, so nothing can swap them in between. */
function publicOnlyLookup(hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void): void {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) {
      return callback(
        Object.assign(new Error(`webhook target ${hostname} is not a public address`), { code: "ENOTPUBLIC" }),
      );
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

function postPinned(url: URL, init: RequestInit): Promise<Response> {
  const transport = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = transport.request(
      url,
      {
        method: init.method ?? "POST",
        headers: init.headers as Record<string, string>,
        lookup: publicOnlyLookup as never,
        signal: init.signal ?? undefined,
      },
      (res) => {
        res.resume(); // the answer's body is never read or stored
        res.on("end", () => {
          const status = res.statusCode ?? 502;
          resolve(new Response(null, { status: status >= 200 && status <= 599 ? status : 502 }));
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(typeof init.body === "string" ? init.body : undefined);
  });
}
