// How stock is worded to shoppers, everywhere (product pages, tiles, checkout): in stock, only a
// few left, or out of stock. The supplier's numbers never reach a page. Pure; used by server views.

export type StockLevel = "in_stock" | "few_left" | "out_of_stock";

/** At or under this many units the supplier can fulfil, a live check says "only a few left". */
export const fewLeftThreshold = 10;

const labels: Record<StockLevel, string> = {
  in_stock: "In stock",
  few_left: "Only a few left",
  out_of_stock: "Out of stock",
};

export type StockFacts =
  /** The cached catalog's flag (spec 2.1 in_stock: "last recorded fact", not live stock). */
  | { inStock: boolean }
  /** A live check: units fulfillable now (null = unknown) for the quantity asked. */
  | { availableQuantity: number | null; requested: number; available: boolean };

/** The one decision of what a shopper is told about stock. */
export function describeStock(facts: StockFacts): { level: StockLevel; label: string } {
  const level = stockLevel(facts);
  return { level, label: labels[level] };
}

function stockLevel(facts: StockFacts): StockLevel {
  if ("inStock" in facts) return facts.inStock ? "in_stock" : "out_of_stock";
  const { availableQuantity, requested, available } = facts;
  if (!available || (availableQuantity !== null && availableQuantity < requested)) return "out_of_stock";
  if (availableQuantity !== null && availableQuantity <= fewLeftThreshold) return "few_left";
  return "in_stock";
}

/** The sentence checkout shows when a line cannot be bought for stock reasons (no numbers). */
export function outOfStockProblem(productName: string, requested: number): string {
  return requested > 1
    ? `${productName} does not have ${requested} in stock right now. Try a smaller quantity.`
    : `${productName} is out of stock right now.`;
}
