// One registry per process, shared by the two cache handlers Next loads by path (page-handler.cjs
// for whole pages, data-handler.cjs for "use cache" reads) and by the application code that
// learns of catalog changes (lib/catalog/cache/page-invalidation.ts). It lives on globalThis under
// a registered symbol because Next loads the handlers outside the application's bundles.
"use strict";

const KEY = Symbol.for("shop.catalog-page-cache");

/** @returns {{ invalidators: Set<(tags: string[]) => void> }} */
function registry() {
  const g = /** @type {Record<symbol, any>} */ (globalThis);
  if (!g[KEY]) g[KEY] = { invalidators: new Set() };
  return g[KEY];
}

/** Drops every cached page and "use cache" read tagged with one of `tags`, on this instance. */
function invalidateTags(tags) {
  if (tags.length === 0) return;
  for (const fn of registry().invalidators) fn(tags);
}

module.exports = { registry, invalidateTags };
