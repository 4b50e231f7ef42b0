// Catalog pages kept in this process's page cache (lib/http/page-cache/page-handler.cjs) as Next
// would keep a static page with no revalidation period, and whether each is still kept: for tests
// of what drops a cached page.
import CatalogPageCache from "@/lib/http/page-cache/page-handler.cjs";

const pages = new CatalogPageCache();
const key = (path: string) => `/route-cache/APP_PAGE/build/$${path}`;

/** Keeps a page at the internal `path` with its render's `tags`. */
export const keepPage = (path: string, tags: string[]) =>
  pages.set(
    key(path),
    {
      kind: "APP_PAGE",
      html: "<html><head></head><body><p>page</p></body></html>",
      rscData: Buffer.from("rsc"),
      headers: { "x-next-cache-tags": tags.join(",") },
      status: 200,
    },
    { cacheControl: { revalidate: false as const } },
  );

/** Whether the page at the internal `path` is still kept. */
export const pageKept = async (path: string) => (await pages.get(key(path))) !== null;

/** Forgets every page this process keeps. */
export function forgetPages(): void {
  for (const k of [...CatalogPageCache.store.entries.keys()]) CatalogPageCache.store.delete(k);
}
