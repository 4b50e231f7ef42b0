// A catalog page's prices in its market's currency (docs/markets.md#urls): each wallet-currency
// shop price converted as lib/markets/convert.ts converts a sale — at the market's rate plus its
// FX buffer, adjusted and rounded up to its price points. A shown price has no margin floor (the
// page knows no costs): the floor only binds under a negative adjustment, and then the cart's
// quote, which does apply it, is what the shopper is charged. Face values keep their own
// currency. Pure.
import { convertPrice, type MarketPricing } from "@/lib/markets/convert";
import { toRoundingRule } from "@/lib/markets/rounding";
import type { FamilyPage } from "./family-page-query";
import type { FamilySummary } from "./family-tiles";

/** A market's pricing as plain values (what a cached read can return), or null to keep wallet prices. */
export type DisplayPricing = {
  currency: string;
  rate: string;
  fxBufferPercent: string;
  priceAdjustmentPercent: string | null;
  rounding: { kind: string; value: string | null };
};

/** A wallet-currency price as the market shows it, a decimal string. */
export function displayPrice(walletPrice: string, p: DisplayPricing): string {
  const pricing: MarketPricing = {
    ...p,
    rounding: toRoundingRule(p.rounding.kind, p.rounding.value) ?? { kind: "none" },
  };
  return convertPrice(walletPrice, 0, pricing).amount.toFixed();
}

/** Listing tiles with their "from" prices in the market's currency. */
export function tilesInMarket<T extends Pick<FamilySummary, "fromPrice" | "priceCurrency">>(
  tiles: T[],
  p: DisplayPricing | null,
): T[] {
  if (!p) return tiles;
  return tiles.map((t) => ({ ...t, fromPrice: displayPrice(t.fromPrice, p), priceCurrency: p.currency }));
}

/** A family (or SKU) page with every shop price in the market's currency. */
export function familyPageInMarket(page: FamilyPage, p: DisplayPricing | null): FamilyPage {
  if (!p) return page;
  const price = (v: string) => displayPrice(v, p);
  const product = <S extends { shopPrice: string; priceCurrency: string }>(s: S): S => ({
    ...s,
    shopPrice: price(s.shopPrice),
    priceCurrency: p.currency,
  });
  const selected = page.selected
    ? {
        ...product(page.selected),
        wasPrice: page.selected.wasPrice === null ? null : price(page.selected.wasPrice),
      }
    : null;
  return {
    ...page,
    priceCurrency: p.currency,
    regions: page.regions.map((r) => ({ ...r, fromPrice: price(r.fromPrice) })),
    values: page.values.map((v) => ({ ...v, fromPrice: price(v.fromPrice) })),
    editions: page.editions.map(product),
    selected,
  };
}
