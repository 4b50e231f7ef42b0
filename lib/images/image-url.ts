// Where the shop serves catalog artwork: /img/<key>/<width>, key = a hash of the catalog's
// image_url (lib/catalog/family.ts imageKeyOf). Pure; the route is app/img/[key]/[width].

/** The widths the image route renders; anything else is refused (no arbitrary resizes). */
export const imageWidths = [160, 240, 320, 480, 640, 960] as const;
export type ImageWidth = (typeof imageWidths)[number];

/** The shop URL of an image at one width. */
export function imageSrc(key: string, width: ImageWidth): string {
  return `/img/${encodeURIComponent(key)}/${width}`;
}

/** A srcset over the widths up to `max` (the browser picks by layout width and pixel density). */
export function imageSrcSet(key: string, max: ImageWidth = 960): string {
  return imageWidths
    .filter((w) => w <= max)
    .map((w) => `${imageSrc(key, w)} ${w}w`)
    .join(", ");
}
