// The search module on the database under test: exact code, word prefix, substring, one-typo
// spellings and "did you mean", through the same call the search page makes.
import { beforeAll, describe, expect, it } from "vitest";
import { listFamilies } from "@/lib/catalog/queries";
import { searchCatalog } from "@/lib/catalog/search/search-catalog";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

const codes = (r: { hits: { itemCode: string }[] }) => r.hits.map((h) => h.itemCode);

beforeAll(async () => {
  await createProducts([
    { itemCode: "STEAM-US-50", brandName: "Steam", productName: "Steam Wallet $50", faceValue: "50" },
    {
      itemCode: "STEAM-EU-20",
      brandName: "Steam",
      productName: "Steam Wallet €20",
      faceValue: "20",
      region: "EU",
      currency: "EUR",
    },
    { itemCode: "PSN-US-10", brandName: "PlayStation", productName: "PlayStation Store $10", productType: "game_card" },
    { itemCode: "XBOX-US-25", brandName: "Xbox", productName: "Xbox Gift Card $25" },
    { itemCode: "LIVE-1", brandName: "Livesteam", productName: "Livesteam Pass" },
    { itemCode: "STEAM-HIDDEN", brandName: "Steam", productName: "Steam Wallet $99", hidden: true },
    { itemCode: "STEAM-GONE", brandName: "Steam", productName: "Steam Wallet $75", listed: false },
  ]);
});

describe("catalog search", () => {
  it("puts the exact item code first, whatever its case", async () => {
    const result = await searchCatalog("steam-us-50");
    expect(codes(result)[0]).toBe("STEAM-US-50");
    expect(result.hits[0].tier).toBe(0);
  });

  it("ranks a word prefix above a match inside a word", async () => {
    const result = await searchCatalog("steam");
    expect(codes(result)).toEqual(["STEAM-EU-20", "STEAM-US-50", "LIVE-1"]);
    expect(result.hits.map((h) => h.tier)).toEqual([1, 1, 2]);
  });

  it("finds by prefix and by substring", async () => {
    expect(codes(await searchCatalog("play"))).toEqual(["PSN-US-10"]);
    expect(codes(await searchCatalog("station"))).toEqual(["PSN-US-10"]);
    // Every product here is a gift card (type and category words are indexed); the one whose name says it comes first.
    expect(codes(await searchCatalog("xbox gift car"))[0]).toBe("XBOX-US-25");
  });

  it("finds what a one-typo spelling means, and says what it searched", async () => {
    const stema = await searchCatalog("stema");
    expect(codes(stema)).toEqual(["STEAM-EU-20", "STEAM-US-50", "LIVE-1"]);
    expect(stema).toMatchObject({ correctedFrom: "stema", searched: "steam" });
    const psn = await searchCatalog("Playstaion");
    expect(codes(psn)).toEqual(["PSN-US-10"]);
    expect(psn).toMatchObject({ correctedFrom: "playstaion", searched: "playstation" });
    const xbox = await searchCatalog("xbxo gift");
    expect(codes(xbox)[0]).toBe("XBOX-US-25");
    expect(xbox).toMatchObject({ correctedFrom: "xbxo gift", searched: "xbox gift" });
  });

  it("offers nearby spellings when nothing matches, and nothing for gibberish", async () => {
    const result = await searchCatalog("stxxm");
    expect(result.hits).toEqual([]);
    expect(result.didYouMean).toContain("steam");
    expect(await searchCatalog("qqxqqzq")).toMatchObject({ hits: [], didYouMean: [], correctedFrom: null });
  });

  it("never finds hidden or unlisted products", async () => {
    expect(codes(await searchCatalog("steam-hidden"))).toEqual([]);
    expect(codes(await searchCatalog("wallet $99"))).not.toContain("STEAM-HIDDEN");
    expect(codes(await searchCatalog("steam-gone"))).toEqual([]);
  });

  it("feeds the search page: one tile per family, filtered and counted, with the correction notice", async () => {
    const page = await listFamilies({ q: "stema" });
    expect(page.items.map((f) => f.slug)).toEqual(["steam-gift-card", "livesteam-gift-card"]);
    expect(page.items[0]).toMatchObject({ regions: ["EU", "US"], valueCount: 2 });
    expect(page.search).toMatchObject({ correctedFrom: "stema", searched: "steam" });
    const eu = await listFamilies({ q: "stema", region: "EU" });
    expect(eu.items.map((f) => f.slug)).toEqual(["steam-gift-card"]);
    expect(eu.items[0]).toMatchObject({ regions: ["EU"], valueCount: 1, fromPrice: "10.45" });
    expect(eu.total).toBe(1);
  });
});
