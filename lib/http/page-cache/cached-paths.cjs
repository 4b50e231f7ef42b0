// Which pages are shared by every visitor and served from the page cache
// (docs/storefront.md#cached-catalog-pages): the home page, product pages, and the product type,
// category, brand, family and search pages, in every market and language (docs/markets.md#urls).
// proxy.ts sees them by their public paths (`/t/gift_card`, `/id/t/gift_card`,
// `/id/en/t/gift_card`) and rewrites each to its internal path, `/<market>/<lang>/…`, whose last
// segment for a listing, family or search page is the page's query (lib/catalog/page-key.ts);
// the page cache sees the internal paths. proxy.ts gives every other page a nonce policy; the
// page cache keeps nothing else, whatever Next offers it.
"use strict";

// Public, without a market prefix: "/", "/p/<code>", "/t|c|b|f/<slug>", "/search".
const publicPage = /^\/(?:(?:p|t|c|b|f)\/[^/]+|search)?$/;
// Public with a prefix: "/<market>" or "/<market>/<lang>", then one of the above.
const prefixedPublicPage =
  /^\/[a-z]{2}(?:-[a-z0-9]{2,8})?(?:\/[a-z]{2}(?:-[A-Z]{2})?)?(?:\/(?:(?:p|t|c|b|f)\/[^/]+|search))?$/;
// Internal: "/<market>/<lang>" then nothing (home), "/p/<code>", "/t|c|b|f/<slug>/_<query>" or "/search/_<query>".
const prefix = "\\/[a-z]{2}(?:-[a-z0-9]{2,8})?\\/[a-z]{2}(?:-[A-Z]{2})?";
const internalPage = new RegExp(`^${prefix}(?:\\/p\\/[^/]+|\\/(?:(?:t|c|b|f)\\/[^/]+\\/|search\\/)_[^/]*)?$`);
const internalQueryPage = new RegExp(`^${prefix}\\/(?:(?:t|c|b|f)\\/[^/]+\\/|search\\/)_[^/]*$`);
const internalFamilyPage = new RegExp(`^${prefix}\\/f\\/`);
// The public pages (without prefix) whose query proxy.ts moves into the path (all but the home and product pages).
const rewrittenPage = /^\/(?:(?:t|c|b|f)\/[^/]+|search)$/;

/** True for the path (public, prefixed or not, or internal) of a page served from the page cache. */
function isCachedCatalogPage(pathname) {
  return publicPage.test(pathname) || prefixedPublicPage.test(pathname) || internalPage.test(pathname);
}

/** True for the internal path of a cached catalog page, the only form the page cache keeps. */
function isInternalCatalogPage(pathname) {
  return internalPage.test(pathname);
}

/** True for a public catalog page without its market prefix ("/", "/p/X", "/t/gift_card", "/search"). */
function isPublicCatalogPage(pathname) {
  return publicPage.test(pathname);
}

/** True for a public path proxy.ts rewrites to an internal one. */
function isRewrittenCatalogPage(pathname) {
  return rewrittenPage.test(pathname);
}

/** The decoded query of an internal path ("" for "_"), or null for another path or a malformed one. */
function queryOfPath(pathname) {
  if (!internalQueryPage.test(pathname)) return null;
  try {
    return decodeURIComponent(pathname.slice(pathname.lastIndexOf("/") + 2));
  } catch {
    return null;
  }
}

/**
 * True for an internal path that carries a shopper's choice (a filter, a sort, a page, search
 * words, a family's region): the page cache keeps these within a share of its budget, so a
 * stream of made-up queries cannot push the pages everyone reads out of it. A family page chosen
 * only by one likely country ("_near=GB") is not one; one chosen by two or three is, since any
 * two letters in Accept-Language pass for a country and three of them make endless pages.
 */
function isQueryVariant(pathname) {
  if (!internalQueryPage.test(pathname)) return false;
  const query = queryOfPath(pathname);
  return query === null || (query !== "" && !/^near=[A-Z]{2}$/.test(query));
}

/**
 * The request headers a shared cache must vary a page by: a family page without a region in its
 * URL opens in the shopper's own, read from their language and a CDN's country
 * (lib/catalog/family-params.ts), so one copy per distinct value.
 */
const familyRegionHeaders = "Accept-Language, CF-IPCountry, X-Vercel-IP-Country, CloudFront-Viewer-Country";

function varyOf(pathname) {
  if (!internalFamilyPage.test(pathname)) return null;
  const query = queryOfPath(pathname);
  return query !== null && !new URLSearchParams(query).has("region") ? familyRegionHeaders : null;
}

/**
 * The tag of the one cached page answered per visitor: the default market's home in its default
 * language, which "/" serves to one shopper and redirects another by cookie, CDN country and
 * Accept-Language (docs/markets.md#urls). The app keeps it; no shared cache may
 * (lib/catalog/cache/market-page.ts tags it, page-handler.cjs reads it).
 */
const perVisitorTag = "page:per-visitor";

/** The page path of a page-cache key ("…/$/p/STEAM-EU-20"; the home page is "…/$/index"), or null. */
function pathOfCacheKey(key) {
  const at = key.indexOf("/$/");
  if (at < 0) return null;
  const path = key.slice(at + 2);
  return path === "/index" ? "/" : path;
}

module.exports = {
  isCachedCatalogPage,
  isInternalCatalogPage,
  isPublicCatalogPage,
  isRewrittenCatalogPage,
  isQueryVariant,
  varyOf,
  pathOfCacheKey,
  perVisitorTag,
};
