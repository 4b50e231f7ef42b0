// Search in the words shoppers use: product types ("card", "top up"), categories and families,
// multi-word queries ranked by how many words match, on a catalog shaped like the demo's.
import { beforeAll, describe, expect, it } from "vitest";
import { listFamilies } from "@/lib/catalog/queries";
import { searchCatalog } from "@/lib/catalog/search/search-catalog";
import { seedSearchSynonyms } from "@/lib/catalog/search/seed-synonyms";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

const families = async (q: string) => (await listFamilies({ q })).items.map((f) => f.slug);

// As the sandbox's demo catalog names them: "<brand> <value>", product_family "<brand> <region>".
beforeAll(async () => {
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
  // As `npm run setup` (and every start) does: the default synonyms of each language.
  await seedSearchSynonyms();
});

const cards = ["amazon-gift-card", "playstation-game-card", "steam-game-card"];
const topUps = ["free-fire-direct-top-up", "pubg-mobile-direct-top-up"];

describe("search in the shopper's words", () => {
  it("still finds what it found before: steam 20, diamonds, uc, psn", async () => {
    expect((await families("steam 20"))[0]).toBe("steam-game-card");
    expect(await families("diamonds")).toEqual(["free-fire-direct-top-up"]);
    expect(await families("uc")).toContain("pubg-mobile-direct-top-up");
    expect(await families("psn")).toEqual(["playstation-game-card"]);
  });

  it("card lists gift and game cards, and no top-up", async () => {
    const found = await families("card");
    expect([...found].sort()).toEqual(cards);
  });

  it("gift card lists the gift cards first, game card the game cards first", async () => {
    expect((await families("gift card"))[0]).toBe("amazon-gift-card");
    expect((await families("game card")).slice(0, 2).sort()).toEqual(["playstation-game-card", "steam-game-card"]);
    expect(await families("gift card")).not.toContain("free-fire-direct-top-up");
  });

  it("top up and topup list the top-ups first", async () => {
    expect((await families("top up")).slice(0, 2).sort()).toEqual(topUps);
    expect([...(await families("topup"))].sort()).toEqual(topUps);
  });

  it("finds a product by its category word", async () => {
    expect([...(await families("gaming"))].sort()).toEqual(["playstation-game-card", "steam-game-card"]);
  });

  it("itunes finds Apple, steam wallet finds Steam", async () => {
    expect(await families("itunes")).toEqual(["apple-app-store"]);
    expect((await families("steam wallet"))[0]).toBe("steam-game-card");
  });

  it("ranks by how many words match: a query whose words mostly miss still shows the best", async () => {
    const result = await searchCatalog("steam 20 voucher cheap");
    expect(result.hits[0].itemCode).toBe("STEAM-US-20");
    expect(result.hits.map((h) => h.itemCode)).toContain("STEAM-US-50");
    expect(result.correctedFrom).toBeNull();
  });
});
