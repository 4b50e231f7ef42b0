// Search in the words shoppers use: product types ("card", "top up"), categories and families,
// multi-word queries ranked by how many words match, on a catalog shaped like the demo's.
import { beforeAll, describe, expect, it } from "vitest";
import { listFamilies } from "@/lib/catalog/queries";
import { searchCatalog } from "@/lib/catalog/search/search-catalog";
import { cardFamilies as cards, createSearchCatalog, topUpFamilies as topUps } from "@/tests/helpers/search-catalog";

const families = async (q: string) => (await listFamilies({ q })).items.map((f) => f.slug);

beforeAll(createSearchCatalog);

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
