// Search in the shopper's language: Indonesian words find what they mean through the synonyms of
// that language (English ones apply too), and suggestions and "did you mean" understand them.
import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/search/suggest/route";
import { listFamilies } from "@/lib/catalog/queries";
import { searchCatalog } from "@/lib/catalog/search/search-catalog";
import { suggestSearches } from "@/lib/catalog/search/suggest";
import type { SearchLanguage } from "@/lib/catalog/search/languages";
import { cardFamilies, createSearchCatalog, gameCardFamilies, topUpFamilies } from "@/tests/helpers/search-catalog";

const families = async (q: string, language: SearchLanguage) =>
  (await listFamilies({ q }, { language })).items.map((f) => f.slug);
const first = async (q: string, language: SearchLanguage, n: number) =>
  (await families(q, language)).slice(0, n).sort();

beforeAll(createSearchCatalog);

describe("search in Indonesian", () => {
  it("kartu hadiah lists the gift cards first, kartu game the game cards first", async () => {
    expect(await first("kartu hadiah", "id", 1)).toEqual(["amazon-gift-card"]);
    expect(await first("kartu game", "id", 2)).toEqual(gameCardFamilies);
    expect([...(await families("kartu", "id"))].sort()).toEqual(cardFamilies);
  });

  it("isi ulang lists the top-ups", async () => {
    expect([...(await families("isi ulang", "id"))].sort()).toEqual(topUpFamilies);
  });

  it("applies English synonyms in Indonesian, and Indonesian ones only in Indonesian", async () => {
    expect(await families("itunes", "id")).toEqual(["apple-app-store"]);
    expect((await families("steam wallet", "id"))[0]).toBe("steam-game-card");
    expect(await families("isi ulang", "en")).toEqual([]);
    expect(await families("recarga", "id")).toEqual([]);
    expect([...(await families("recarga", "es"))].sort()).toEqual(topUpFamilies);
  });

  it("corrects a misspelt Indonesian word, and offers a looser spelling when it cannot", async () => {
    const corrected = await searchCatalog("isi ulagn", { language: "id" });
    expect(corrected).toMatchObject({ correctedFrom: "isi ulagn", searched: "isi ulang" });
    expect(corrected.hits.map((h) => h.familySlug)).toContain("free-fire-direct-top-up");
    const loose = await searchCatalog("isi olanq", { language: "id" });
    expect(loose.hits).toEqual([]);
    expect(loose.didYouMean).toContain("isi ulang");
  });

  it("suggests the families an Indonesian prefix or misspelling means", async () => {
    const typed = await suggestSearches("kartu hadi", { language: "id" });
    expect(typed.suggestions.map((s) => s.href)).toEqual(["/f/amazon-gift-card"]);
    const res = await GET(new Request("http://shop.test/api/search/suggest?q=kartu%20hadaih&language=id"));
    const body = (await res.json()) as { correctedFrom: string; searched: string; suggestions: { href: string }[] };
    expect(body).toMatchObject({ correctedFrom: "kartu hadaih", searched: "kartu hadiah" });
    expect(body.suggestions.map((s) => s.href)).toEqual(["/f/amazon-gift-card"]);
    expect((await suggestSearches("kartu hadi")).suggestions).toEqual([]);
  });

  it("refuses an unknown language", async () => {
    const res = await GET(new Request("http://shop.test/api/search/suggest?q=steam&language=xx"));
    expect(res.status).toBe(422);
  });
});
