// A product type's words in the page's language (messages `catalog.types`): the header's nav, the
// tiles, the type filter and the type page all name a type through here, so none shows the English
// label (lib/catalog/product-types.ts) on another language's page; an unknown type reads "Others".
import { isShopperProductType, type ShopperProductType } from "@/lib/catalog/product-types";

/** The `catalog` namespace's translator, from useTranslations or getTranslations. */
export type CatalogWords = (key: `types.${ShopperProductType}`) => string;

export function typeWords(t: CatalogWords, slug: string): string {
  return isShopperProductType(slug) ? t(`types.${slug}`) : t("types.other");
}
