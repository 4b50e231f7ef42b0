// The one way out to a host the shop was given (catalog images, the sandbox's webhook targets,
// the alert webhook, the exchange-rate feed): docs/going-live.md#outbound-fetches. An http(s) URL without credentials;
// its name resolved to every address, refused if any is forbidden (lib/http/outbound-guard-ranges.ts);
// the connection made to the address that was checked (lib/http/outbound-guard-transport.ts);
// redirects followed only for GET, by hand, each hop checked like the first; the body and the
// whole call capped. OUTBOUND_ALLOW_PRIVATE (test rigs only; a production start refuses it)
// lifts the address rule, and so does a caller's `allowPrivate` for a target its own
// configuration names.
import "server-only";
import dns from "node:dns";
import { isIP } from "node:net";
import os from "node:os";
import { env } from "@/lib/env";
import { isForbiddenAddress } from "./outbound-guard-ranges";
import { pinnedRequest, type ResolvedAddress, type Transport } from "./outbound-guard-transport";

export { isForbiddenAddress };
export type { ResolvedAddress, Transport };
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;
/** What tests replace: the resolver, this machine's addresses, the connection. */
export type OutboundDeps = { resolve?: Resolve; ownAddresses?: () => string[]; transport?: Transport };
export type OutboundPolicy = { allowPrivate?: boolean };
export type OutboundInit = OutboundPolicy & {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  maxBytes: number;
  timeoutMs: number;
  /** GET only; 0 (the default) answers with the 3xx itself. */
  maxRedirects?: number;
};
export type OutboundResponse = { status: number; headers: Headers; body: Buffer; url: URL };
export type OutboundCheck = { ok: true; url: URL; address: ResolvedAddress } | { ok: false; reason: string };

/** A URL or address the guard refused; its message names the host, never a path or query. */
export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
}

const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });
const interfaceAddresses = () =>
  Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((a) => a.address));

function untilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal?.aborted) reject(signal.reason);
    signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** Decides whether `raw` may be fetched now, and which address to connect to. */
export async function checkOutboundUrl(
  raw: string,
  policy: OutboundPolicy,
  deps: OutboundDeps = {},
  signal?: AbortSignal,
): Promise<OutboundCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { ok: false, reason: "only http and https URLs are allowed" };
  if (url.username || url.password) return { ok: false, reason: "URLs with credentials are not allowed" };
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: ResolvedAddress[];
  try {
    addresses = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await Promise.race([(deps.resolve ?? systemResolve)(host), untilAborted(signal)]);
  } catch {
    return { ok: false, reason: `${host} does not resolve` };
  }
  if (addresses.length === 0) return { ok: false, reason: `${host} does not resolve` };
  const own = (deps.ownAddresses ?? interfaceAddresses)();
  if (!(policy.allowPrivate || env.OUTBOUND_ALLOW_PRIVATE) && addresses.some((a) => isForbiddenAddress(a.address, own)))
    return {
      ok: false,
      reason: `${host} is not allowed: it is (or resolves to) a private, loopback, link-local, reserved or this machine's own address`,
    };
  return { ok: true, url, address: addresses[0]! };
}

async function readCapped(res: Response, maxBytes: number): Promise<Buffer> {
  if (Number(res.headers.get("content-length") ?? "0") > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new Error("the answer is too large");
  }
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Error("the answer is too large");
    }
    chunks.push(value);
  }
}

/** Fetches `raw` through the guard; throws OutboundRefusedError for a URL or address it refuses. */
export async function outboundFetch(
  raw: string,
  init: OutboundInit,
  deps: OutboundDeps = {},
): Promise<OutboundResponse> {
  const signal = AbortSignal.timeout(init.timeoutMs);
  const method = init.method ?? "GET";
  const transport = deps.transport ?? pinnedRequest;
  let current = raw;
  for (let hop = 0; ; hop++) {
    const check = await checkOutboundUrl(current, init, deps, signal);
    if (!check.ok) throw new OutboundRefusedError(check.reason);
    const res = await Promise.race([
      transport(check.url, { method, headers: init.headers ?? {}, body: init.body, signal }, check.address),
      untilAborted(signal),
    ]);
    const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
    if (location && method === "GET" && hop < (init.maxRedirects ?? 0)) {
      await res.body?.cancel().catch(() => undefined);
      current = new URL(location, check.url).href;
      continue;
    }
    const body = await Promise.race([readCapped(res, init.maxBytes), untilAborted(signal)]);
    return { status: res.status, headers: res.headers, body, url: check.url };
  }
}
