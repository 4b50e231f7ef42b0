// Fetches one catalog image for the image route through the outbound guard
// (lib/http/outbound-guard.ts: public addresses only, the checked address pinned, every redirect
// checked again), within 5 s and 5 MB, as an image type. This shop's own sandbox artwork is drawn
// in-process instead. The bytes are never served as they are: lib/images/render-image.ts
// decodes and re-encodes them.
import "server-only";
import { env } from "@/lib/env";
import { outboundFetch, type OutboundDeps } from "@/lib/http/outbound-guard";
import { serveArtwork } from "@/lib/sandbox/artwork";

export type Original = { bytes: Buffer; contentType: string };

const maxBytes = 5 * 1024 * 1024;
const timeoutMs = 5000;
const maxRedirects = 3;

/** The sandbox's artwork, drawn in-process when the URL is this shop's own sandbox. */
async function ownSandboxArtwork(url: URL): Promise<{ status: number; headers: Headers; body: Buffer } | null> {
  if (!env.SANDBOX_ENABLED) return null;
  const own = new URL(env.APP_URL);
  if (url.origin !== own.origin || !url.pathname.startsWith("/sandbox/artwork/")) return null;
  const res = serveArtwork(url.pathname.slice("/sandbox/artwork/".length));
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** Fetches the original image behind a catalog URL; throws on anything that is not a usable image. */
export async function fetchOriginalImage(raw: string, deps?: OutboundDeps): Promise<Original> {
  const res =
    (await ownSandboxArtwork(new URL(raw))) ??
    (await outboundFetch(raw, { headers: { Accept: "image/*" }, maxBytes, timeoutMs, maxRedirects }, deps));
  if (res.status < 200 || res.status >= 300) throw new Error(`image answered ${res.status}`);
  const contentType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!contentType.startsWith("image/")) throw new Error("not an image");
  if (res.body.length === 0) throw new Error("empty image");
  return { bytes: res.body, contentType };
}
