// The image route's work: only URLs that came from the catalog (looked up by their key), fetched
// once, resized to one of a few widths (WebP; SVG passes through as vector), cached on disk and
// served with year-long immutable caching (the key changes when the catalog's URL changes). When
// the original cannot be had, a neutral tile is served for a few minutes instead of an error.
import "server-only";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { fetchOriginalImage, type FetchLike, type Resolve } from "./fetch-original";
import { imageWidths, type ImageWidth } from "./image-url";
import { log } from "@/lib/log";

const keyPattern = /^[A-Za-z0-9_-]{16}$/;
const immutable = "public, max-age=31536000, immutable";
const svgHeaders = {
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

type Cached = { bytes: Buffer; contentType: string };

function cachePaths(key: string, width: number) {
  const base = path.join(env.IMAGE_CACHE_DIR, `${key}-${width}`);
  return { data: `${base}.bin`, type: `${base}.type` };
}

async function readCache(key: string, width: number): Promise<Cached | null> {
  const p = cachePaths(key, width);
  try {
    const [bytes, contentType] = await Promise.all([readFile(p.data), readFile(p.type, "utf8")]);
    return { bytes, contentType };
  } catch {
    return null;
  }
}

async function writeCache(key: string, width: number, img: Cached): Promise<void> {
  const p = cachePaths(key, width);
  await mkdir(env.IMAGE_CACHE_DIR, { recursive: true });
  const tmp = `${p.data}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(p.type, img.contentType);
  await writeFile(tmp, img.bytes);
  await rename(tmp, p.data); // readers see the whole file or none
}

/** Resizes a raster image to `width` as WebP (never enlarging); SVG is returned as it is. */
async function resize(original: Cached, width: number): Promise<Cached> {
  if (original.contentType === "image/svg+xml") return original;
  try {
    const sharp = (await import("sharp")).default;
    const bytes = await sharp(original.bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { bytes, contentType: "image/webp" };
  } catch {
    // No image library, or a format it cannot read: pass the original through unchanged.
    return original;
  }
}

function respond(img: Cached, cacheControl: string): Response {
  return new Response(new Uint8Array(img.bytes), {
    headers: {
      "Content-Type": img.contentType,
      "Cache-Control": cacheControl,
      ...(img.contentType === "image/svg+xml" ? svgHeaders : {}),
    },
  });
}

/** A neutral tile with the brand's initial: shown while the real artwork cannot be fetched. */
export function fallbackTile(brand: string): Response {
  const letter = (brand.trim().charAt(0).toUpperCase() || "?").replace(/[<>&"']/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f5f9"/><stop offset="1" stop-color="#e2e8f0"/></linearGradient></defs><rect width="480" height="360" fill="url(#g)"/><text x="240" y="210" text-anchor="middle" font-family="system-ui, sans-serif" font-weight="700" font-size="96" fill="#64748b">${letter}</text></svg>`;
  return respond({ bytes: Buffer.from(svg), contentType: "image/svg+xml" }, "public, max-age=300");
}

/** GET /img/<key>/<width>. 404 for a key no catalog row has (the route is never an open proxy). */
export async function serveCatalogImage(
  key: string,
  widthText: string,
  fetchImpl?: FetchLike,
  resolve?: Resolve,
): Promise<Response> {
  const width = Number(widthText) as ImageWidth;
  if (!keyPattern.test(key) || !imageWidths.includes(width)) return new Response("Not found", { status: 404 });
  const cached = await readCache(key, width);
  if (cached) return respond(cached, immutable);
  const product = await db.product.findFirst({ where: { imageKey: key }, select: { imageUrl: true, brandName: true } });
  if (!product) return new Response("Not found", { status: 404 });
  let original: Cached;
  try {
    original = await fetchOriginalImage(product.imageUrl, fetchImpl, resolve);
  } catch {
    return fallbackTile(product.brandName);
  }
  const img = await resize(original, width);
  await writeCache(key, width, img).catch(() => log.warn({ key, width }, "images: could not write the cache"));
  return respond(img, immutable);
}
