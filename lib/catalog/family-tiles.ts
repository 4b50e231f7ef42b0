// Family tiles: one card per product family, with what the matching SKUs have in common (the
// lowest price, their regions, any stock, the best live offer). Shared by listings, search and
// the home page; plain data only (money as decimal strings, never cost).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { isOfferActive } from "@/lib/pricing/markup";
import type { ProductOffer } from "@/lib/markets/offer";
import { offeredProductWhere } from "./catalog-where";

export type FamilySummary = {
  slug: string;
  name: string;
  brandName: string;
  brandSlug: string;
  productType: string;
  imageKey: string;
  /** The lowest shop price among the SKUs the tile stands for. */
  fromPrice: string;
  /** Shop prices are in the wallet currency (SHOP_CURRENCY), not a card's face value currency. */
  priceCurrency: string;
  regions: string[];
  /** How many SKUs (values × regions) the tile stands for under the current filters. */
  valueCount: number;
  inStock: boolean;
  /** The best live offer among them ("" = an offer without a percentage), null when none. */
  offerPercent: string | null;
};

export type FamilyGroup = {
  slug: string;
  name: string;
  brandName: string;
  brandId: string;
  productType: string;
  imageKey: string;
  minPrice: Prisma.Decimal;
  minValue: Prisma.Decimal;
  count: number;
};

/** One row per family among the products matching `where` (families with no match are absent). */
export async function groupFamilies(where: Prisma.ProductWhereInput): Promise<FamilyGroup[]> {
  const rows = await db.product.groupBy({
    by: ["familySlug"],
    where,
    _min: {
      familyName: true,
      brandName: true,
      brandId: true,
      productType: true,
      imageKey: true,
      shopPrice: true,
      faceValue: true,
    },
    _count: { _all: true },
  });
  return rows.map((r) => ({
    slug: r.familySlug,
    name: r._min.familyName ?? r.familySlug,
    brandName: r._min.brandName ?? "",
    brandId: r._min.brandId ?? "",
    productType: r._min.productType ?? "other",
    imageKey: r._min.imageKey ?? "",
    minPrice: r._min.shopPrice ?? new Prisma.Decimal(0),
    minValue: r._min.faceValue ?? new Prisma.Decimal(0),
    count: r._count._all,
  }));
}

/** What tiles say beyond their group: regions, stock and offers of the SKUs they stand for. */
export type TileFacts = {
  regions: Map<string, Set<string>>;
  inStock: Set<string>;
  offers: {
    familySlug: string;
    isOffer: boolean;
    offerPercent: Prisma.Decimal | null;
    offerExpiresDate: string | null;
  }[];
  brandSlugs: Map<string, string>;
};

/** The tiles for `groups`, in their order, describing only the SKUs that match `where`. */
export async function buildFamilyTiles(
  groups: FamilyGroup[],
  where: Prisma.ProductWhereInput,
  now: Date = new Date(),
): Promise<FamilySummary[]> {
  if (groups.length === 0) return [];
  const scoped: Prisma.ProductWhereInput = { AND: [where, { familySlug: { in: groups.map((g) => g.slug) } }] };
  const regionPairs = await db.product.groupBy({ by: ["familySlug", "region"], where: scoped });
  const stocked = await db.product.groupBy({ by: ["familySlug"], where: { AND: [scoped, { inStock: true }] } });
  const offers = await db.product.findMany({
    where: { AND: [scoped, { isOffer: true }] },
    select: { familySlug: true, isOffer: true, offerPercent: true, offerExpiresDate: true },
    take: 2000,
  });
  const regions = new Map<string, Set<string>>();
  for (const p of regionPairs) regions.set(p.familySlug, (regions.get(p.familySlug) ?? new Set()).add(p.region));
  const brandSlugs = await readBrandSlugs(groups);
  return summariseFamilyTiles(
    groups,
    { regions, inStock: new Set(stocked.map((s) => s.familySlug)), offers, brandSlugs },
    now,
  );
}

/** Brand id → slug for the brands of `groups` (one read). */
export async function readBrandSlugs(groups: FamilyGroup[]): Promise<Map<string, string>> {
  const brands = await db.brand.findMany({
    where: { id: { in: [...new Set(groups.map((g) => g.brandId))] } },
    select: { id: true, slug: true },
  });
  return new Map(brands.map((b) => [b.id, b.slug]));
}

/** The tiles for `groups` from facts already gathered (SQL for listings, in memory for search). */
export function summariseFamilyTiles(groups: FamilyGroup[], facts: TileFacts, now: Date = new Date()): FamilySummary[] {
  const bestOffer = new Map<string, Prisma.Decimal | null>();
  for (const o of facts.offers) {
    if (!isOfferActive(o, now)) continue;
    const current = bestOffer.get(o.familySlug);
    const percent = o.offerPercent;
    if (current === undefined || (percent && (!current || percent.greaterThan(current))))
      bestOffer.set(o.familySlug, percent);
  }
  return groups.map((g) => {
    const offer = bestOffer.get(g.slug);
    return {
      slug: g.slug,
      name: g.name,
      brandName: g.brandName,
      brandSlug: facts.brandSlugs.get(g.brandId) ?? "",
      productType: g.productType,
      imageKey: g.imageKey,
      fromPrice: g.minPrice.toFixed(2),
      priceCurrency: env.SHOP_CURRENCY,
      regions: [...(facts.regions.get(g.slug) ?? [])].sort((a, b) => a.localeCompare(b)),
      valueCount: g.count,
      inStock: facts.inStock.has(g.slug),
      offerPercent: offer === undefined ? null : (offer?.toString() ?? ""),
    };
  });
}

/** Tiles for the given families in the given order (home shelves); unknown or hidden ones are skipped. */
export async function getFamilyTiles(
  slugs: string[],
  now: Date = new Date(),
  offer?: ProductOffer,
): Promise<FamilySummary[]> {
  if (slugs.length === 0) return [];
  const where: Prisma.ProductWhereInput = { AND: [offeredProductWhere(offer), { familySlug: { in: slugs } }] };
  const bySlug = new Map((await groupFamilies(where)).map((g) => [g.slug, g]));
  const ordered = slugs.flatMap((s) => (bySlug.has(s) ? [bySlug.get(s)!] : []));
  return buildFamilyTiles(ordered, where, now);
}
