// Every image the route serves is drawn here, never passed through: decoded by sharp within a
// pixel limit, turned upright, scaled to the asked width (never enlarged, at most twice as tall
// as wide) and encoded as WebP. An SVG is rasterised the same way (librsvg runs no script and,
// reading from memory, loads nothing it names), so no markup from a host reaches the browser.
// Anything sharp refuses (over the limit, corrupt, an unknown format) throws: the route then
// serves its fallback tile. docs/storefront.md#artwork
import "server-only";
import type { Original } from "./fetch-original";

/** The largest picture decoded, in pixels (a 5000 × 5000 photo; an SVG at the density it is drawn at). */
export const maxInputPixels = 25_000_000;
/** The formats a catalog picture may come in; sharp's other decoders (TIFF, HEIF, …) are never reached. */
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "svg"]);
/** An SVG is drawn at most this many times its own size (72 dpi), enough for the widest tile. */
const maxSvgScale = 8;

/** The image at `width` as WebP; throws when it cannot be decoded within the limits. */
export async function renderImage(original: Original, width: number): Promise<Buffer> {
  const sharp = (await import("sharp")).default;
  const meta = await sharp(original.bytes, { limitInputPixels: maxInputPixels }).metadata();
  if (!meta.format || !acceptedFormats.has(meta.format)) throw new Error(`not a web image format (${meta.format})`);
  const svgScale =
    meta.format === "svg" && meta.width ? Math.min(maxSvgScale, Math.max(1, width / meta.width)) : undefined;
  return sharp(original.bytes, {
    limitInputPixels: maxInputPixels,
    ...(svgScale ? { density: 72 * svgScale } : {}),
  })
    .rotate()
    .resize({ width, height: width * 2, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
}
