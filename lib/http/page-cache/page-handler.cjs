// Next's cache of whole pages (next.config.mjs `cacheHandler`), in memory on each instance: the
// catalog pages shoppers share (docs/storefront.md#cached-catalog-pages). When a page is written
// it gets its hash-based policy (strict-policy.cjs) and the headers a proxy or CDN may cache it by;
// the entry is served as stored, so a hit costs no work beyond a lookup. An entry is dropped when
// a catalog or market change touches one of its tags, or the clock passes a moment at which
// something it shows changes (lib/catalog/cache/page-invalidation.ts), and the oldest entries go
// first when the cache outgrows its budget.
"use strict";

const { isInternalCatalogPage, isQueryVariant, pathOfCacheKey, perVisitorTag, varyOf } = require("./cached-paths.cjs");
const { registry } = require("./registry.cjs");
const { cachedPagePolicy, hashPolicyFor } = require("./strict-policy.cjs");

const TAGS_HEADER = "x-next-cache-tags";
const MB = 1024 * 1024;

function positiveIntFromEnv(name, fallback) {
  const n = Number(process.env[name]);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const sharedMaxAge = () => positiveIntFromEnv("PAGE_CACHE_S_MAXAGE", 30);

/** What a proxy or CDN may do with a cached catalog page (docs/deployment.md#the-proxy-in-front). */
function sharedCacheControl() {
  const swr = positiveIntFromEnv("PAGE_CACHE_STALE_WHILE_REVALIDATE", 300);
  return `public, s-maxage=${sharedMaxAge()}, stale-while-revalidate=${swr}`;
}

function sizeOf(value) {
  if (!value) return 0;
  let n = 0;
  if (typeof value.html === "string") n += value.html.length * 2;
  if (value.rscData) n += value.rscData.length;
  if (value.segmentData) for (const b of value.segmentData.values()) n += b.length;
  if (value.body) n += value.body.length;
  return n + 1024;
}

function tagsOf(value) {
  const raw = value && value.headers && value.headers[TAGS_HEADER];
  return typeof raw === "string" ? raw.split(",").filter(Boolean) : [];
}

/**
 * A page of the cached catalog (cached-paths.cjs) that Next rendered as static: kept until a change
 * drops it (`revalidate: false`) or for a revalidation period. A page rendered per request has
 * `revalidate: 0`, or no cache control at all.
 */
function isStaticCatalogPage(key, value, ctx) {
  if (!value || value.kind !== "APP_PAGE" || typeof value.postponed === "string") return false;
  const path = pathOfCacheKey(key);
  const revalidate = ctx && ctx.cacheControl ? ctx.cacheControl.revalidate : undefined;
  const isStatic = revalidate === false || (typeof revalidate === "number" && revalidate > 0);
  return path !== null && isInternalCatalogPage(path) && isStatic;
}

/** A page answered 200 (Next leaves the status unset on a page that rendered normally). */
const answeredOk = (value) => value.status === undefined || value.status === 200;

/**
 * Only what every visitor may be served is kept: a catalog page that answered 200, a route's
 * static answer, a fetch. Any other page — one rendered per request, or with a part rendered per
 * request (a static shell and its postponed state) — may hold personal data: it is rendered for
 * each request, never kept. A catalog page's 404 is not kept either: made-up product codes would
 * otherwise fill the cache and push real pages out.
 */
function isShared(key, value, ctx) {
  if (!value || typeof value.postponed === "string") return false;
  if (value.kind !== "APP_PAGE") return true;
  return isStaticCatalogPage(key, value, ctx) && answeredOk(value);
}

/**
 * Gives a freshly rendered catalog page its policy and, when it is kept, the headers a proxy or
 * CDN may cache it by; in place, because Next answers the miss with the same object. A page that
 * is not kept (a 404) still gets its policy, and no shared caching. The home "/" serves (tagged
 * `perVisitorTag`) is kept here but never by a browser or CDN: "/" redirects by cookie and
 * headers, and a CDN honouring `Vary: Cookie` is rare, so `no-store` rather than a Vary
 * (docs/markets.md#urls). The shop's own nginx keys "/" by exactly that cookie and those headers,
 * so it alone is told how long it may keep it (`X-Accel-Expires`, which nginx never passes on;
 * docs/deployment.md#the-proxy-in-front).
 */
const prepared = new WeakSet();

function prepareEntry(value, shared, path) {
  if (!value || value.kind !== "APP_PAGE" || typeof value.html !== "string") return;
  // Next writes an entry back as it was when a background render fails: prepare it once only.
  if (prepared.has(value)) return;
  prepared.add(value);
  const { html, hashes } = hashPolicyFor(value.html);
  const perVisitor = tagsOf(value).includes(perVisitorTag);
  value.html = html;
  value.headers = {
    ...value.headers,
    "content-security-policy": cachedPagePolicy(hashes),
    "cache-control": shared && !perVisitor ? sharedCacheControl() : "private, no-store",
    ...(shared && perVisitor ? { "x-accel-expires": String(sharedMaxAge()) } : {}),
  };
  // Next appends a stored header to its own Vary (the router's headers).
  const vary = path ? varyOf(path) : null;
  if (vary) value.headers.vary = vary;
}

/** How many pages' lookups are remembered at most (renders under way, and hits since). */
const maxLookups = 10_000;

/** The share of the budget pages chosen by a shopper's query may hold (cached-paths.cjs isQueryVariant). */
const variantShare = 0.25;

/** The pages of this process. Next makes a handler per request: they all share this one store. */
class PageStore {
  constructor() {
    this.maxBytes = positiveIntFromEnv("PAGE_CACHE_MAX_MB", 256) * MB;
    this.bytes = 0;
    this.variantBytes = 0;
    /** @type {Map<string, { value: any, lastModified: number, staleAt: number, tags: string[], size: number, variant: boolean }>} */
    this.entries = new Map();
    // Which catalog changes a render may have missed: Next looks a page up before it renders it
    // (a miss, or a hit past its revalidation period), so a page whose tags were dropped between
    // the first such lookup and its write was rendered, in part at least, from the catalog as it
    // was before the change, and is not kept. Requests that join a render under way look the
    // page up again: the first lookup counts.
    this.drops = 0;
    /** @type {Map<string, number>} the count of drops when each tag was last dropped */
    this.droppedAt = new Map();
    /** @type {Map<string, number>} the count of drops when a render of each page may have begun */
    this.lookedUpAt = new Map();
    registry().invalidators.add((tags) => this.dropTagged(tags));
  }

  /** True when a change dropped one of the page's tags after Next looked the page up to render it. */
  renderedBeforeChange(key, value) {
    const since = this.lookedUpAt.get(key);
    this.lookedUpAt.delete(key);
    return since !== undefined && tagsOf(value).some((t) => (this.droppedAt.get(t) ?? 0) > since);
  }

  async get(key) {
    const entry = this.entries.get(key);
    if ((!entry || entry.staleAt <= Date.now()) && !this.lookedUpAt.has(key)) {
      // A render that never writes (a failure) leaves its lookup: a bound keeps them from piling up.
      if (this.lookedUpAt.size >= maxLookups) this.lookedUpAt.clear();
      this.lookedUpAt.set(key, this.drops);
    }
    if (!entry) return null;
    // Most recently used last: eviction takes from the front.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { value: entry.value, lastModified: entry.lastModified };
  }

  async set(key, value, ctx) {
    this.delete(key);
    const missedChange = this.renderedBeforeChange(key, value);
    const shared = isShared(key, value, ctx) && !missedChange;
    const path = pathOfCacheKey(key);
    if (isStaticCatalogPage(key, value, ctx)) prepareEntry(value, shared, path);
    if (!shared) return;
    const variant = path !== null && isQueryVariant(path);
    const now = Date.now();
    const revalidate = ctx && ctx.cacheControl ? ctx.cacheControl.revalidate : undefined;
    // When Next will render it again in the background (a number of seconds, or never).
    const staleAt = typeof revalidate === "number" ? now + revalidate * 1000 : Infinity;
    const entry = { value, lastModified: now, staleAt, tags: tagsOf(value), size: sizeOf(value), variant };
    this.entries.set(key, entry);
    this.bytes += entry.size;
    if (variant) this.variantBytes += entry.size;
    // The oldest go first: the oldest variants while variants are over their share, then the oldest of all.
    const variantBudget = this.maxBytes * variantShare;
    for (const [oldest, e] of this.entries) {
      if (this.variantBytes <= variantBudget) break;
      if (e.variant && oldest !== key) this.delete(oldest);
    }
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes || oldest === key) break;
      this.delete(oldest);
    }
  }

  delete(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    if (entry.variant) this.variantBytes -= entry.size;
  }

  dropTagged(tags) {
    const wanted = new Set(tags);
    this.drops += 1;
    for (const t of wanted) this.droppedAt.set(t, this.drops);
    for (const [key, entry] of this.entries) if (entry.tags.some((t) => wanted.has(t))) this.delete(key);
  }

  async revalidateTag(tags) {
    this.dropTagged(Array.isArray(tags) ? tags : [tags]);
  }

  resetRequestCache() {}
}

const store = new PageStore();

/** The handler Next constructs (per request): a view of the process's store. */
class CatalogPageCache {
  get(key) {
    return store.get(key);
  }
  set(key, value, ctx) {
    return store.set(key, value, ctx);
  }
  revalidateTag(tags) {
    return store.revalidateTag(tags);
  }
  resetRequestCache() {}
}

module.exports = CatalogPageCache;
module.exports.store = store;
module.exports.prepareEntry = prepareEntry;
