// Tells this instance's page and data caches (lib/http/page-cache) what a catalog change touched.
// Every instance reads the catalog version once a second (PAGE_CACHE_POLL_MS) and, when it moved,
// drops what carries the whole catalog's tag, the touched scopes' tags and, when the product types
// themselves changed, the header's. The instance that made a change also tells its own caches at
// once (notifyCatalogChanged), so its next page shows it. The same check drops what shows
// something else once the clock passes a moment (an offer's end, a rate's age limit:
// time-boundaries.ts). No message between instances: the database decides, as for every other
// catalog read (lib/catalog/catalog-version.ts).
import "server-only";
import { listProductTypes } from "../facet-queries";
import { createMarketWatcher } from "./market-invalidation";
import { createStampReader } from "./stamps";
import { createBoundaryWatcher, type BoundaryKind, type BoundarySources } from "./time-boundaries";
import { catalogTag, productTypesTag } from "./page-tag-names";
import { invalidateTags } from "@/lib/http/page-cache/registry.cjs";
import { log } from "@/lib/log";

/** A watcher of the catalog version with its own memory; `check` returns the tags it dropped. */
export function createCatalogWatcher(readStamps = createStampReader(), readTypes = listTypeValues) {
  let version: number | null = null;
  let types: string | null = null;
  return async function check(): Promise<string[]> {
    const stamps = await readStamps();
    if (version === null) {
      version = stamps.version;
      types = await readTypes();
      return [];
    }
    if (stamps.version === version) return [];
    version = stamps.version;
    // The pages first: a failed read of the types below must not lose what the change touched.
    const tags = [catalogTag, ...stamps.changed];
    invalidateTags(tags);
    const nowTypes = await readTypes().catch((err: unknown) => {
      // Unknown: the header's types are dropped too, and compared again at the next change.
      types = null;
      invalidateTags([productTypesTag]);
      throw err;
    });
    if (nowTypes !== types) {
      invalidateTags([productTypesTag]);
      tags.push(productTypesTag);
    }
    types = nowTypes;
    return tags;
  };
}

async function listTypeValues(): Promise<string> {
  return (await listProductTypes()).map((t) => t.value).join(",");
}

/**
 * One instance's whole check: the catalog version, the markets' stamp, then the clock's
 * boundaries (time-boundaries.ts), whose offers are read again when the catalog moved and whose
 * rates when a market or a rate did (or when that check failed: it may have seen a change).
 */
export function createInstanceWatch(
  opts: {
    clock?: () => number;
    catalog?: () => Promise<string[]>;
    markets?: () => Promise<string[]>;
    sources?: BoundarySources;
  } = {},
): () => Promise<string[]> {
  const times = createBoundaryWatcher(opts.clock, opts.sources);
  const feeding = (check: () => Promise<string[]>, kind: BoundaryKind) => async (): Promise<string[]> => {
    try {
      const tags = await check();
      if (tags.length > 0) times.reread(kind);
      return tags;
    } catch (err) {
      times.reread(kind);
      throw err;
    }
  };
  const catalog = feeding(opts.catalog ?? createCatalogWatcher(), "offers");
  const markets = feeding(opts.markets ?? createMarketWatcher(), "rates");
  return async () => [...(await catalog()), ...(await markets()), ...(await times.check())];
}

/**
 * The process's one watcher and its queue. The server's start-up and the pages' actions are
 * bundled apart, each with its own copy of this module: the state lives on globalThis so that a
 * change an action committed is checked against the same memory the timer keeps.
 */
type Watch = { check: () => Promise<string[]>; queue: Promise<unknown>; waiting: number };
function watch(): Watch {
  const g = globalThis as unknown as Record<symbol, Watch | undefined>;
  return (g[Symbol.for("shop.catalog-page-watch")] ??= {
    check: createInstanceWatch(),
    queue: Promise.resolve(),
    waiting: 0,
  });
}

/**
 * Checks after any check under way (one at a time, so a check started before a change this
 * instance just committed is followed by one that sees it). Resolves when this one has run.
 */
export function notifyCatalogChanged(): Promise<unknown> {
  const w = watch();
  w.waiting += 1;
  w.queue = w.queue
    .then(() => w.check())
    .catch((err: unknown) => log.warn({ err }, "page cache: catalog version check failed"))
    .finally(() => (w.waiting -= 1));
  return w.queue;
}

/** Starts the once-a-second check of this instance (lib/jobs.ts). */
export function startPageInvalidation(intervalMs = Number(process.env.PAGE_CACHE_POLL_MS) || 1000): void {
  void notifyCatalogChanged();
  // A tick while checks are still queued (a slow database) adds nothing: the queued one will look.
  setInterval(() => watch().waiting === 0 && void notifyCatalogChanged(), intervalMs).unref();
}
