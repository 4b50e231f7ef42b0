// Which pages are shared by every visitor and served from the page cache: the home page and the
// product pages (docs/storefront.md#cached-catalog-pages). proxy.ts gives every other page a nonce
// policy; the page cache keeps nothing else, whatever Next offers it.
"use strict";

const cachedPage = /^\/(?:p\/[^/]+)?$/;

/** True for the path of a page served from the page cache. */
function isCachedCatalogPage(pathname) {
  return cachedPage.test(pathname);
}

/** The page path of a page-cache key ("…/$/p/STEAM-EU-20"; the home page is "…/$/index"), or null. */
function pathOfCacheKey(key) {
  const at = key.indexOf("/$/");
  if (at < 0) return null;
  const path = key.slice(at + 2);
  return path === "/index" ? "/" : path;
}

module.exports = { isCachedCatalogPage, pathOfCacheKey };
