// How many units of one product a line may hold: the supplier's own bounds for the SKU, never
// more than maxLineQuantity (the supplier's cap for any one order, too). Pure, so the product
// page, the cart, the cart API and the quote all apply the same bounds and say the same words.

/** The most units of one product in one line. */
export const maxLineQuantity = 100;

export type QuantityBounds = { min: number; max: number };

/** A SKU's bounds as the shop sells it. */
export function quantityBounds(p: { minQuantity: number; maxQuantity: number }): QuantityBounds {
  const min = Math.max(1, p.minQuantity);
  return { min, max: Math.max(min, Math.min(maxLineQuantity, p.maxQuantity)) };
}

/** The nearest allowed quantity (a typed 0 or 500 becomes the minimum or the maximum). */
export function clampQuantity(quantity: number, bounds: QuantityBounds): number {
  return Math.min(bounds.max, Math.max(bounds.min, Math.trunc(quantity) || bounds.min));
}

/** What to tell a shopper whose quantity is outside the bounds; null when it is inside. */
export function quantityProblem(quantity: number, bounds: QuantityBounds, productName?: string): string | null {
  if (quantity >= bounds.min && quantity <= bounds.max) return null;
  return `Choose between ${bounds.min} and ${bounds.max}${productName ? ` of ${productName}` : ""}.`;
}

/** "1 to 100", or "5" when only one quantity is sold. */
export function describeQuantityBounds(bounds: QuantityBounds): string {
  return bounds.min === bounds.max ? `${bounds.min}` : `${bounds.min} to ${bounds.max}`;
}
