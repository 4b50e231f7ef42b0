// The moments at which what a cached catalog page shows changes by itself, with no write for the
// catalog or market watchers to see (docs/storefront.md#what-drops-a-cached-page): an offer's
// end (its badge and struck-through price go), a market rate's age limit (the market's prices
// fall back to the wallet currency) and the new year of the footer. Each instance's
// once-a-second check (page-invalidation.ts) keeps them in order and, when the clock passes
// one, drops the tags of what it belongs to in this instance's page and data caches. They are
// read again only when what they come from changed: the offers when the catalog version moved,
// the rates when a market or a rate did.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { invalidateTags } from "@/lib/http/page-cache/registry.cjs";
import { listMarkets } from "@/lib/markets/lookup";
import { rateStaleFrom } from "@/lib/markets/rates/judge-rate";
import { foundRateFor } from "@/lib/markets/rates/rate-for";
import { visibleProductWhere } from "../catalog-where";
import { productScopes } from "../scopes";
import { catalogTag, marketTag, yearTag } from "./page-tag-names";

/** A moment (ms) from which the pages tagged `tags` show something else. */
export type Boundary = { at: number; tags: string[] };

/**
 * The ends of visible products' offers (lib/pricing/markup.ts isOfferActive: an offer counts
 * while its end is later than now; an unparseable end never comes). An offer shows on its
 * product's family and product pages, on its type, brand and category listings, and on
 * whole-catalog pages (search, the home page): the tags a change to the product drops.
 */
export async function readOfferBoundaries(): Promise<Boundary[]> {
  const rows = await db.product.findMany({
    where: { ...visibleProductWhere, isOffer: true, offerExpiresDate: { not: null } },
    select: { offerExpiresDate: true, productType: true, brandId: true, categoryId: true, familySlug: true },
  });
  const out: Boundary[] = [];
  for (const r of rows) {
    const at = Date.parse(r.offerExpiresDate ?? "");
    if (!Number.isNaN(at)) out.push({ at, tags: [catalogTag, ...productScopes(r)] });
  }
  return out;
}

/** When each enabled market's rate goes stale (lib/markets/rates/judge-rate.ts): its pages then show wallet prices. */
export async function readRateBoundaries(): Promise<Boundary[]> {
  const markets = (await listMarkets()).filter((m) => m.enabled && m.currency !== env.SHOP_CURRENCY);
  const out: Boundary[] = [];
  for (const m of markets) {
    const found = await foundRateFor(m);
    if (found) out.push({ at: rateStaleFrom(found.asOf, m.rateMaxAgeHours), tags: [marketTag(m.slug)] });
  }
  return out;
}

/** The next new year after `since`, in the server's time zone, as the footer reads it. */
export async function readYearBoundary(since: number): Promise<Boundary[]> {
  return [{ at: new Date(new Date(since).getFullYear() + 1, 0, 1).getTime(), tags: [yearTag] }];
}

export type BoundarySources = Record<"offers" | "rates" | "year", (since: number) => Promise<Boundary[]>>;
export type BoundaryKind = keyof BoundarySources;

const defaultSources: BoundarySources = {
  offers: readOfferBoundaries,
  rates: readRateBoundaries,
  year: readYearBoundary,
};

/**
 * A watcher of the clock with its own memory: `check` drops the tags of every boundary passed
 * since the previous check (this one included: one that passed while its kind was being read
 * again still counts) and returns them; `reread` has a kind read again at the next check, after
 * what it comes from changed. A failed read leaves the previous check's moment in place, so
 * nothing passed meanwhile is lost.
 */
export function createBoundaryWatcher(clock: () => number = Date.now, sources: BoundarySources = defaultSources) {
  let since = clock();
  const pending = new Map<BoundaryKind, Boundary[] | null>([
    ["offers", null],
    ["rates", null],
    ["year", null],
  ]);
  return {
    reread(kind: BoundaryKind): void {
      pending.set(kind, null);
    },
    async check(): Promise<string[]> {
      const now = clock();
      for (const [kind, list] of pending) {
        if (list !== null) continue;
        const read = await sources[kind](since);
        pending.set(
          kind,
          read.filter((b) => b.at > since).sort((a, b) => a.at - b.at),
        );
      }
      const due = new Set<string>();
      for (const list of pending.values()) {
        // Sorted: the passed ones are at the front.
        while (list && list.length > 0 && list[0].at <= now) for (const t of list.shift()!.tags) due.add(t);
      }
      // The year after the one that began: read again once it has passed.
      if (due.has(yearTag)) pending.set("year", null);
      since = now;
      const tags = [...due];
      invalidateTags(tags);
      return tags;
    },
  };
}
