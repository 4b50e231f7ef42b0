// A catalog shaped like the demo's, for search tests: products named "<brand> <value>" with
// product_family "<brand> <region>", gift cards, game cards, an app store card, a subscription
// and two top-ups, and the default synonyms `npm run setup` seeds.
import { seedSearchSynonyms } from "@/lib/catalog/search/seed-synonyms";
import { createProducts } from "./catalog-fixtures";

const card = (code: string, brand: string, type: string, category: string, value: string, region = "US") => ({
  itemCode: `${code}-${region}-${value}`,
  brandName: brand,
  productName: `${brand} $${value}`,
  productType: type,
  categoryName: category,
  productFamily: `${brand} ${region}`,
  region,
  faceValue: value,
});

const topUp = (code: string, brand: string, amount: string, unit: string) => ({
  itemCode: `${code}-GLOBAL-${amount}`,
  brandName: brand,
  productName: `${brand} ${amount} ${unit}`,
  productType: "direct_top_up",
  categoryName: "Mobile",
  productFamily: `${brand} Global`,
  region: "Global",
  faceValue: amount,
});

/** Creates the catalog and seeds the default synonyms. */
export async function createSearchCatalog(): Promise<void> {
  await createProducts([
    card("STEAM", "Steam", "game_card", "Gaming", "20"),
    card("STEAM", "Steam", "game_card", "Gaming", "50"),
    card("PSN", "PlayStation", "game_card", "Gaming", "10"),
    card("AMAZON", "Amazon", "gift_card", "Shopping", "25"),
    card("APPLE", "Apple", "app_store", "Entertainment", "25"),
    card("NETFLIX", "Netflix", "subscription", "Entertainment", "30"),
    topUp("FREEFIRE", "Free Fire", "100", "Diamonds"),
    topUp("PUBGM", "PUBG Mobile", "60", "UC"),
  ]);
  await seedSearchSynonyms();
}

export const cardFamilies = ["amazon-gift-card", "playstation-game-card", "steam-game-card"];
export const gameCardFamilies = ["playstation-game-card", "steam-game-card"];
export const topUpFamilies = ["free-fire-direct-top-up", "pubg-mobile-direct-top-up"];
