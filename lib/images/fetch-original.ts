// Fetches one catalog image for the image route: http(s) only, 5 s, 5 MB, image types only,
// never a private or loopback address — checked for the name's resolved addresses and again on
// every redirect (this shop's own sandbox artwork is drawn in-process instead).
import "server-only";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { serveArtwork } from "@/lib/sandbox/artwork";

export type Original = { bytes: Buffer; contentType: string };
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;
export type Resolve = (host: string) => Promise<string[]>;

const maxBytes = 5 * 1024 * 1024;
const timeoutMs = 5000;
const maxRedirects = 3;

const resolveHost: Resolve = async (host) => (await lookup(host, { all: true })).map((a) => a.address);

function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local"))
    return true;
  if (isIP(host) === 4) {
    const [a, b] = host.split(".").map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(host) === 6)
    return (
      host === "::1" || host === "::" || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith("::ffff:")
    );
  return false;
}

/** The sandbox's artwork, drawn in-process when the URL is this shop's own sandbox. */
function ownSandboxArtwork(url: URL): Promise<Response> | null {
  if (!env.SANDBOX_ENABLED) return null;
  const own = new URL(env.APP_URL);
  if (url.origin !== own.origin || !url.pathname.startsWith("/sandbox/artwork/")) return null;
  return Promise.resolve(serveArtwork(url.pathname.slice("/sandbox/artwork/".length)));
}

async function readCapped(res: Response): Promise<Buffer> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new Error("image too large");
  const reader = res.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error("image too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Throws unless `url` is http(s) on a public address (by name and by every resolved address). */
async function assertPublic(url: URL, resolve: Resolve): Promise<void> {
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not an http(s) image URL");
  if (isPrivateHost(url.hostname)) throw new Error("image host is private");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return;
  const addresses = await resolve(host);
  if (addresses.length === 0 || addresses.some(isPrivateHost))
    throw new Error("image host resolves to a private address");
}

/** GET with redirects followed by hand, each hop checked like the first. */
async function getPublic(url: URL, fetchImpl: FetchLike, resolve: Resolve): Promise<Response> {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    await assertPublic(current, resolve);
    const res = await fetchImpl(current.toString(), { signal, redirect: "manual", headers: { Accept: "image/*" } });
    const location = res.status >= 300 && res.status < 400 ? res.headers.get("location") : null;
    if (!location) return res;
    current = new URL(location, current);
  }
  throw new Error("too many redirects");
}

/** Fetches the original image behind a catalog URL; throws on anything that is not a usable image. */
export async function fetchOriginalImage(
  raw: string,
  fetchImpl: FetchLike = fetch,
  resolve: Resolve = resolveHost,
): Promise<Original> {
  const url = new URL(raw);
  const res = await (ownSandboxArtwork(url) ?? getPublic(url, fetchImpl, resolve));
  if (!res.ok) throw new Error(`image answered ${res.status}`);
  const contentType = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!contentType.startsWith("image/")) throw new Error("not an image");
  const bytes = await readCapped(res);
  if (bytes.length === 0) throw new Error("empty image");
  return { bytes, contentType };
}
