// Which products a market offers (docs/markets.md#the-products-a-market-offers), as plain values
// a cached read can take as an argument: the product regions it sells and the countries whose
// products it sells. Pure; the catalog turns it into its queries (lib/catalog/catalog-where.ts).
import type { Market } from "./market";

/** Null: every product (the default market without its own list). Codes are upper case. */
export type ProductOffer = { regions: string[]; countries: string[] } | null;

/**
 * The offer of a market: the owner's list of regions when set; else the default market offers
 * every product (today's shop), and any other market its countries' regions (UK for GB), global
 * ones and the products sold in one of its countries.
 */
export function offerOf(market: Pick<Market, "productRegions" | "countries" | "isDefault">): ProductOffer {
  if (market.productRegions && market.productRegions.length > 0)
    return { regions: [...new Set(market.productRegions.map((r) => r.toUpperCase()))].sort(), countries: [] };
  if (market.isDefault) return null;
  const countries = [...new Set(market.countries.map((c) => c.toUpperCase()))].sort();
  const regions = new Set(["GLOBAL", ...countries]);
  if (countries.includes("GB")) regions.add("UK");
  return { regions: [...regions].sort(), countries };
}

/**
 * The product type of the shop's own test SKUs (sold only while test products are on): offered in
 * every market, so a market's checkout can be tried end to end whatever its regions.
 */
export const testProductType = "test";

/** Whether the offer includes a product of `region` sold in `countries` (the region's code in any case). */
export function offersProduct(
  offer: ProductOffer,
  product: { region: string; countries: string[]; productType?: string },
): boolean {
  if (!offer || product.productType === testProductType) return true;
  if (offer.regions.includes(product.region.toUpperCase())) return true;
  return product.countries.some((c) => offer.countries.includes(c.toUpperCase()));
}

/** The spellings a stored region code may have ("GLOBAL", "global", "Global"): the catalog keeps the upstream's. */
export function regionSpellings(regions: string[]): string[] {
  const out = new Set<string>();
  for (const r of regions) {
    const lower = r.toLowerCase();
    out
      .add(r)
      .add(lower)
      .add(r.toUpperCase())
      .add(lower.charAt(0).toUpperCase() + lower.slice(1));
  }
  return [...out];
}

/** A short text naming an offer, for a memo key ("all" for every product). */
export const offerKey = (offer: ProductOffer | undefined): string =>
  offer ? `${offer.regions.join(",")}|${offer.countries.join(",")}` : "all";
