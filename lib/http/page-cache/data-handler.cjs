// Next's cache of "use cache" reads (next.config.mjs `cacheHandlers.default`): Next's own in-memory
// handler, told of catalog changes through the registry the page cache shares, so a page rendered
// after a change never reads a catalog read cached before it.
"use strict";

const { createDefaultCacheHandler } = require("next/dist/server/lib/cache-handlers/default");
const { registry } = require("./registry.cjs");

const maxMb = Number(process.env.DATA_CACHE_MAX_MB);
const handler = createDefaultCacheHandler((Number.isInteger(maxMb) && maxMb > 0 ? maxMb : 64) * 1024 * 1024);
registry().invalidators.add((tags) => void handler.updateTags(tags));

module.exports = handler;
