// GET /img/<key>/<width> — catalog artwork through the shop: only the catalog's own image URLs,
// resized, cached on disk and served with long immutable caching (lib/images/serve-image.ts).
import { serveCatalogImage } from "@/lib/images/serve-image";

export async function GET(_req: Request, { params }: { params: Promise<{ key: string; width: string }> }) {
  const { key, width } = await params;
  return serveCatalogImage(key, width);
}
