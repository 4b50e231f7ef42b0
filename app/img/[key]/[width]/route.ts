// GET /img/<key>/<width> — catalog artwork through the shop: only the catalog's own image URLs,
// resized, cached on disk and served with long immutable caching (lib/images/serve-image.ts).
import { handleRoute } from "@/lib/http/route";
import { serveCatalogImage } from "@/lib/images/serve-image";

export const GET = handleRoute(async (_req, { params }: { params: Promise<{ key: string; width: string }> }) => {
  const { key, width } = await params;
  return serveCatalogImage(key, width);
});
