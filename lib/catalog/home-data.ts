// The home page's shelves: best sellers (from real sales, topped up with staff-featured
// families), live offers, product types and featured brands, all from the shop's catalog copy.
import "server-only";
import { db } from "@/lib/db";
import { isOfferActive } from "@/lib/pricing/markup";
import { offerKey, type ProductOffer } from "@/lib/markets/offer";
import { offeredProductWhere } from "./catalog-where";
import { listProductTypes, type FacetOption } from "./facet-queries";
import { getFamilyTiles, type FamilySummary } from "./family-tiles";
import { catalogMemoMs, memoizeCatalogRead } from "./memo";
import { hiddenProductTypes } from "./product-types";

export type HomeData = {
  types: FacetOption[];
  featuredBrands: { name: string; slug: string }[];
  /** "Best sellers" when sales fill it, "Popular picks" when only the curated list does. */
  bestSellers: { title: string; items: FamilySummary[] };
  offers: FamilySummary[];
};

const shelfSize = 8;
const salesWindowMs = 30 * 86_400_000;

type CatalogShelves = Pick<HomeData, "types" | "featuredBrands"> & { curated: string[] };

/** Offers end at their expiry time, not only at a catalog change: re-read at least every minute. */
const offersTtlMs = 60_000;

/**
 * Everything the home page shows, of the products the page's market offers
 * (docs/markets.md#the-products-a-market-offers). What follows only the catalog (types, brands, the curated
 * picks: full scans at 50,000 SKUs) is reused until the catalog version moves; offers also follow
 * the clock (a minute); best sellers follow sales, and are read each time (a few indexed reads).
 */
export async function getHomeData(now: Date = new Date(), offer?: ProductOffer): Promise<HomeData> {
  const key = offerKey(offer);
  const { curated, ...shelves } = await memoizeCatalogRead(`home:${key}`, () => loadCatalogShelves(offer));
  const offers = await memoizeCatalogRead(
    `home-offers:${key}`,
    async () => getFamilyTiles(await listOfferFamilies(now, offer), now, offer),
    Math.min(catalogMemoMs(), offersTtlMs),
  );
  const sold = await listBestSellingFamilies(now, offer);
  const best = [...new Set([...sold, ...curated])].slice(0, shelfSize);
  return {
    ...shelves,
    offers,
    bestSellers: {
      title: sold.length > 0 ? "Best sellers" : "Popular picks",
      items: await getFamilyTiles(best, now, offer),
    },
  };
}

async function loadCatalogShelves(offer: ProductOffer | undefined): Promise<CatalogShelves> {
  return {
    types: await listProductTypes(offer),
    featuredBrands: await listFeaturedBrands(offer),
    curated: await listCuratedFamilies(offer),
  };
}

/** Families by units delivered in the last 30 days (test products and hidden SKUs never count). */
export async function listBestSellingFamilies(now: Date = new Date(), offer?: ProductOffer): Promise<string[]> {
  const lines = await db.orderLine.groupBy({
    by: ["itemCode"],
    where: {
      status: "delivered",
      createdAt: { gte: new Date(now.getTime() - salesWindowMs) },
      productType: { notIn: [...hiddenProductTypes] },
    },
    _sum: { quantity: true },
    orderBy: { _sum: { quantity: "desc" } },
    take: 200,
  });
  if (lines.length === 0) return [];
  const products = await db.product.findMany({
    where: { AND: [offeredProductWhere(offer), { itemCode: { in: lines.map((l) => l.itemCode) } }] },
    select: { itemCode: true, familySlug: true },
  });
  const familyOf = new Map(products.map((p) => [p.itemCode, p.familySlug]));
  const units = new Map<string, number>();
  for (const l of lines) {
    const slug = familyOf.get(l.itemCode);
    if (slug) units.set(slug, (units.get(slug) ?? 0) + (l._sum.quantity ?? 0));
  }
  return [...units]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([slug]) => slug)
    .slice(0, shelfSize);
}

/** The curated fallback: families with a staff-featured SKU or brand, else the widest families. */
async function listCuratedFamilies(offer: ProductOffer | undefined): Promise<string[]> {
  const offered = offeredProductWhere(offer);
  const featured = await db.product.groupBy({
    by: ["familySlug"],
    where: { AND: [offered, { OR: [{ featured: true }, { brand: { featured: true } }] }] },
    orderBy: { familySlug: "asc" },
    take: shelfSize,
  });
  if (featured.length > 0) return featured.map((f) => f.familySlug);
  const widest = await db.product.groupBy({ by: ["familySlug"], where: offered, _count: { _all: true } });
  return widest
    .sort((a, b) => b._count._all - a._count._all || a.familySlug.localeCompare(b.familySlug))
    .slice(0, shelfSize)
    .map((w) => w.familySlug);
}

/** Families with a live offer, best offer first. Expiry is an upstream string: checked in code. */
async function listOfferFamilies(now: Date, offer: ProductOffer | undefined): Promise<string[]> {
  const rows = await db.product.findMany({
    where: { AND: [offeredProductWhere(offer), { isOffer: true }] },
    orderBy: [{ offerPercent: "desc" }, { itemCode: "asc" }],
    select: { familySlug: true, isOffer: true, offerExpiresDate: true },
    take: 500,
  });
  return [...new Set(rows.filter((r) => isOfferActive(r, now)).map((r) => r.familySlug))].slice(0, shelfSize);
}

/** Staff-featured brands first; with none featured, the brands with the most families. */
async function listFeaturedBrands(offer: ProductOffer | undefined): Promise<{ name: string; slug: string }[]> {
  const pairs = await db.product.groupBy({ by: ["brandId", "familySlug"], where: offeredProductWhere(offer) });
  const counts = new Map<string, number>();
  for (const p of pairs) counts.set(p.brandId, (counts.get(p.brandId) ?? 0) + 1);
  const brands = await db.brand.findMany({
    where: { id: { in: [...counts.keys()] } },
    select: { id: true, name: true, slug: true, featured: true },
  });
  const pool = brands.some((b) => b.featured) ? brands.filter((b) => b.featured) : brands;
  return pool
    .sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || a.name.localeCompare(b.name))
    .slice(0, 12)
    .map((b) => ({ name: b.name, slug: b.slug }));
}
