// Fetches one catalog image for the image route: http(s) only, 5 s, 5 MB, image types only,
// never a private or loopback address (except this shop's own sandbox artwork, drawn in-process).
import "server-only";
import { isIP } from "node:net";
import { env } from "@/lib/env";
import { serveArtwork } from "@/lib/sandbox/artwork";

export type Original = { bytes: Buffer; contentType: string };
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

const maxBytes = 5 * 1024 * 1024;
const timeoutMs = 5000;

function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".internal") || host.endsWith(".local")) return true;
  if (isIP(host) === 4) {
    const [a, b] = host.split(".").map(Number);
    return a === 10 || a === 127 || a === 0 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
  }
  if (isIP(host) === 6) return host === "::1" || host === "::" || /^f[cd]/.test(host) || /^fe[89ab]/.test(host) || host.startsWith("::ffff:");
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

/** Fetches the original image behind a catalog URL; throws on anything that is not a usable image. */
export async function fetchOriginalImage(raw: string, fetchImpl: FetchLike = fetch): Promise<Original> {
  const url = new URL(raw);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error("not an http(s) image URL");
  const own = ownSandboxArtwork(url);
  if (!own && isPrivateHost(url.hostname)) throw new Error("image host is private");
  const res = await (own ?? fetchImpl(url.toString(), { signal: AbortSignal.timeout(timeoutMs), redirect: "follow", headers: { Accept: "image/*" } }));
  if (!res.ok) throw new Error(`image answered ${res.status}`);
  const contentType = (res.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!contentType.startsWith("image/")) throw new Error("not an image");
  const bytes = await readCapped(res);
  if (bytes.length === 0) throw new Error("empty image");
  return { bytes, contentType };
}
