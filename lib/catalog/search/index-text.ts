// What a product is found by: its name, brand and item code, and the words a shopper uses for
// what it is: its family, its category and its product type, in the label shoppers see ("Game
// Cards") and the spellings they type ("topup", "giftcard"). One lowercased column, so each
// database's trigram index answers "contains". Pure. docs/catalog-sync-and-search.md#index-words
import { getProductTypeLabel } from "../product-types";

export type IndexedProduct = {
  productName: string;
  brand: string;
  itemCode: string;
  productType: string;
  category: string;
  familyName: string;
};

/** Spellings of a product type that its label does not contain. */
const typeSpellings: Record<string, string> = {
  gift_card: "gift card giftcard",
  game_card: "game card",
  app_store: "app store",
  direct_top_up: "top up topup",
};

/** A product type's words as shoppers read and type them ("Direct Top-Up top up topup"). */
export function typeSearchWords(productType: string): string {
  if (productType === "test") return "";
  return `${getProductTypeLabel(productType)} ${typeSpellings[productType] ?? ""}`.trim();
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();

/** The product's search text: name, brand and code first, then family, category and type words. */
export function buildSearchText(p: IndexedProduct): string {
  const parts: string[] = [];
  const add = (text: string | null | undefined) => {
    const t = normalise(text ?? "");
    // A part already there (a family named like its brand) adds nothing.
    if (t && !parts.some((have) => have === t)) parts.push(t);
  };
  for (const part of [p.productName, p.brand, p.itemCode, p.familyName, p.category]) add(part);
  add(p.productType === "test" ? "" : getProductTypeLabel(p.productType));
  add(typeSpellings[p.productType]);
  return parts.join(" ");
}
