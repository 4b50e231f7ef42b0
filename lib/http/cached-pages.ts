// Which pages are served from the page cache (lib/http/page-cache/cached-paths.cjs, shared with
// the cache handler Next loads by path): every other page is rendered per request under a nonce.
export { isCachedCatalogPage } from "./page-cache/cached-paths.cjs";
