// The image route's work: only URLs that came from the catalog (looked up by their key), fetched
// once through the outbound guard, drawn again as WebP at one of a few widths
// (lib/images/render-image.ts: never the original bytes, SVG rasterised), cached on disk and
// served with year-long immutable caching (the key changes when the catalog's URL changes). When
// the original cannot be had or drawn, a neutral tile is served for a few minutes instead.
import "server-only";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import type { OutboundDeps } from "@/lib/http/outbound-guard";
import { log } from "@/lib/log";
import { fetchOriginalImage } from "./fetch-original";
import { imageWidths, type ImageWidth } from "./image-url";
import { renderImage } from "./render-image";

const keyPattern = /^[A-Za-z0-9_-]{16}$/;
const immutable = "public, max-age=31536000, immutable";

// Named by what it holds (only ever WebP drawn here): files an older version cached are not read.
const cachePath = (key: string, width: number) => path.join(env.IMAGE_CACHE_DIR, `${key}-${width}.webp`);

async function readCache(key: string, width: number): Promise<Buffer | null> {
  try {
    return await readFile(cachePath(key, width));
  } catch {
    return null;
  }
}

async function writeCache(key: string, width: number, bytes: Buffer): Promise<void> {
  const file = cachePath(key, width);
  await mkdir(env.IMAGE_CACHE_DIR, { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file); // readers see the whole file or none
}

function respondWebp(bytes: Buffer): Response {
  return new Response(new Uint8Array(bytes), { headers: { "Content-Type": "image/webp", "Cache-Control": immutable } });
}

/** A neutral tile with the brand's initial (the shop's own markup): shown while the real artwork cannot be had. */
export function fallbackTile(brand: string): Response {
  const letter = (brand.trim().charAt(0).toUpperCase() || "?").replace(/[<>&"']/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f5f9"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient></defs><rect width="480" height="360" fill="url(#g)"/><text x="240" y="210" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="96" fill="#64748b">${letter}</text></svg>`;
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=300",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** GET /img/<key>/<width>. 404 for a key no catalog row has (the route is never an open proxy). */
export async function serveCatalogImage(key: string, widthText: string, deps?: OutboundDeps): Promise<Response> {
  const width = Number(widthText) as ImageWidth;
  if (!keyPattern.test(key) || !imageWidths.includes(width)) return new Response("Not found", { status: 404 });
  const cached = await readCache(key, width);
  if (cached) return respondWebp(cached);
  const product = await db.product.findFirst({ where: { imageKey: key }, select: { imageUrl: true, brandName: true } });
  if (!product) return new Response("Not found", { status: 404 });
  let bytes: Buffer;
  try {
    bytes = await renderImage(await fetchOriginalImage(product.imageUrl, deps), width);
  } catch (err) {
    log.info({ key, reason: err instanceof Error ? err.message.slice(0, 200) : "unknown" }, "images: fallback tile");
    return fallbackTile(product.brandName);
  }
  await writeCache(key, width, bytes).catch(() => log.warn({ key, width }, "images: could not write the cache"));
  return respondWebp(bytes);
}
