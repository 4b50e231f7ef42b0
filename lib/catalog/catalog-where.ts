// Builds the Prisma `where` for shopper-visible products and URL filters. Kept apart from the
// queries so every listing, facet and count applies exactly the same visibility rule.
import "server-only";
import { Prisma } from "@/lib/db";
import { offersProduct, regionSpellings, testProductType, type ProductOffer } from "@/lib/markets/offer";
import type { BrowseParams } from "./browse-params";
import { hiddenProductTypes } from "./product-types";
import type { SearchLanguage } from "./search/languages";

/**
 * What a shopper may ever see: listed upstream, not hidden by staff, never `test` products.
 * `listed` is the authority (sync sets it false with removedAt, and back on relisting), so
 * removedAt is not consulted: the filter stays within the (productType, listed, hidden) index.
 */
export const visibleProductWhere: Prisma.ProductWhereInput = {
  listed: true,
  hidden: false,
  productType: { notIn: [...hiddenProductTypes] },
};

/** The same rule as `visibleProductWhere`, as raw SQL over the alias `p` (search queries). */
export const visibleProductSql = Prisma.sql`p."listed" = TRUE AND p."hidden" = FALSE AND p."productType" NOT IN (${Prisma.join([...hiddenProductTypes])})`;

/**
 * The products a market offers (docs/markets.md#the-products-a-market-offers): a product of one
 * of its regions (in any spelling the upstream used), sold in one of its countries, or one of the
 * shop's test SKUs. Null: no condition (the default market's whole catalog).
 */
export function offerWhere(offer: ProductOffer | undefined): Prisma.ProductWhereInput | null {
  if (!offer) return null;
  const or: Prisma.ProductWhereInput[] = [
    { region: { in: regionSpellings(offer.regions) } },
    { productType: testProductType },
  ];
  if (offer.countries.length > 0) or.push({ countries: { some: { countryCode: { in: offer.countries } } } });
  return { OR: or };
}

/** `visibleProductWhere` and the market's offer together. */
export function offeredProductWhere(offer: ProductOffer | undefined): Prisma.ProductWhereInput {
  const offered = offerWhere(offer);
  return offered ? { AND: [visibleProductWhere, offered] } : visibleProductWhere;
}

/** A page's fixed scope (the route), on top of the URL filters. */
export type BrowseScope = {
  /** The products the page's market offers; absent or null: every product. */
  offer?: ProductOffer;
  productType?: string;
  brandId?: string;
  categoryId?: string;
  /** The language a search reads its words in (its synonyms); plain listings ignore it. */
  language?: SearchLanguage;
};

export type FilterKey = "type" | "brand" | "region" | "currency" | "country";

/**
 * Lowercased search text for a `searchText` contains (the admin's catalog search; the storefront
 * searches through lib/catalog/search). Prisma passes LIKE wildcards through unescaped, so `%`
 * and `\` (PostgreSQL's LIKE escape) become `_`, which matches exactly one character: a slightly
 * wider match, never "everything".
 */
export function normaliseQuery(q: string): string {
  return q.toLowerCase().replace(/\s+/g, " ").trim().replace(/[%\\]/g, "_");
}

/**
 * The where clause for a listing without a search; `omit` drops one filter so a facet can list
 * its alternatives. A search (`q`) goes through lib/catalog/search and `matchesBrowseFilters`.
 */
export function buildProductWhere(
  params: Partial<BrowseParams>,
  scope: BrowseScope = {},
  omit?: FilterKey,
): Prisma.ProductWhereInput {
  const and: Prisma.ProductWhereInput[] = [visibleProductWhere];
  const offered = offerWhere(scope.offer);
  if (offered) and.push(offered);
  if (scope.productType) and.push({ productType: scope.productType });
  if (scope.brandId) and.push({ brandId: scope.brandId });
  if (scope.categoryId) and.push({ categoryId: scope.categoryId });
  if (params.type && omit !== "type") and.push({ productType: params.type });
  if (params.brand && omit !== "brand") and.push({ brand: { slug: params.brand } });
  if (params.region && omit !== "region") and.push({ region: params.region });
  if (params.currency && omit !== "currency") and.push({ currency: params.currency });
  if (params.country && omit !== "country") and.push({ countries: { some: { countryCode: params.country } } });
  if (params.delivery) and.push({ deliveryType: params.delivery });
  if (params.min) and.push({ faceValue: { gte: new Prisma.Decimal(params.min) } });
  if (params.max) and.push({ faceValue: { lte: new Prisma.Decimal(params.max) } });
  if (params.instock) and.push({ inStock: true });
  return { AND: and };
}

/** What `matchesBrowseFilters` reads of a product (every search hit carries it). */
export type FilterInputs = {
  productType: string;
  brandId: string;
  categoryId: string;
  region: string;
  currency: string;
  countries: string[];
  deliveryType: string;
  faceValue: string;
  inStock: boolean;
};

/**
 * `buildProductWhere`'s scope and filters, in memory, for a product already known to be visible
 * and to match `q` (a search hit). `paramBrandId` is the id behind `params.brand`'s slug (null
 * when no brand has it). Keep the two in step: a test compares them on the same catalog.
 */
export function matchesBrowseFilters(
  p: FilterInputs,
  params: Partial<BrowseParams>,
  scope: BrowseScope,
  paramBrandId: string | null,
  omit?: FilterKey,
): boolean {
  if (!offersProduct(scope.offer ?? null, p)) return false;
  if (scope.productType && p.productType !== scope.productType) return false;
  if (scope.brandId && p.brandId !== scope.brandId) return false;
  if (scope.categoryId && p.categoryId !== scope.categoryId) return false;
  if (params.type && omit !== "type" && p.productType !== params.type) return false;
  if (params.brand && omit !== "brand" && p.brandId !== paramBrandId) return false;
  if (params.region && omit !== "region" && p.region !== params.region) return false;
  if (params.currency && omit !== "currency" && p.currency !== params.currency) return false;
  if (params.country && omit !== "country" && !p.countries.includes(params.country)) return false;
  if (params.delivery && p.deliveryType !== params.delivery) return false;
  if (params.min && new Prisma.Decimal(p.faceValue).lt(params.min)) return false;
  if (params.max && new Prisma.Decimal(p.faceValue).gt(params.max)) return false;
  if (params.instock && !p.inStock) return false;
  return true;
}

/** Sort orders for the non-relevance options; ties broken by item code so pages never overlap. */
export function buildOrderBy(sort: BrowseParams["sort"]): Prisma.ProductOrderByWithRelationInput[] {
  const tie: Prisma.ProductOrderByWithRelationInput = { itemCode: "asc" };
  switch (sort) {
    case "price_asc":
      return [{ shopPrice: "asc" }, tie];
    case "price_desc":
      return [{ shopPrice: "desc" }, tie];
    case "value_asc":
      return [{ faceValue: "asc" }, tie];
    case "value_desc":
      return [{ faceValue: "desc" }, tie];
    case "brand":
      return [{ brandName: "asc" }, { faceValue: "asc" }, tie];
    default:
      return [
        { featured: "desc" },
        { brandName: "asc" },
        { productFamily: "asc" },
        { faceValue: "asc" },
        { productName: "asc" },
        tie,
      ];
  }
}
