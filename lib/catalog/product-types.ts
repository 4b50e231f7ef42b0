// Product type slugs and their shopper-facing labels (docs/upstream-contract.md#22-product-types), in one place.

export const productTypeLabels = {
  gift_card: "Gift Cards",
  app_store: "App Stores",
  game_card: "Game Cards",
  game: "Games",
  software: "Software and Apps",
  subscription: "Subscriptions",
  service: "Services",
  direct_top_up: "Direct Top-Up",
  other: "Others",
} as const;

export type ShopperProductType = keyof typeof productTypeLabels;

/** The `test` type exists upstream but is never shown to shoppers. */
export const hiddenProductTypes = ["test"] as const;

export const shopperProductTypes = Object.keys(productTypeLabels) as ShopperProductType[];

/** True for a slug a shopper may browse (excludes `test` and unknown slugs). */
export function isShopperProductType(slug: string): slug is ShopperProductType {
  return Object.hasOwn(productTypeLabels, slug);
}

/** The label to show for a slug; unknown slugs fall back to "Others" so a new upstream type never breaks a page. */
export function getProductTypeLabel(slug: string): string {
  return isShopperProductType(slug) ? productTypeLabels[slug] : productTypeLabels.other;
}

export const deliveryTypeLabels = {
  DIGITAL: "Digital delivery",
  PHYSICAL: "Physical delivery",
  BOTH: "Digital or physical",
} as const;

export type DeliveryType = keyof typeof deliveryTypeLabels;

/** Shopper-facing wording for the upstream's delivery_type values (docs/upstream-contract.md#21-product). */
export function getDeliveryTypeLabel(value: string): string {
  return Object.hasOwn(deliveryTypeLabels, value) ? deliveryTypeLabels[value as DeliveryType] : value;
}
