// Rows indexed under the old rule (name, brand, code only) are brought up to date at start-up,
// and the default synonyms are seeded once per language, never bringing back a deleted one.
import { describe, expect, it } from "vitest";
import { readCatalogVersion } from "@/lib/catalog/catalog-version";
import { refreshSearchText } from "@/lib/catalog/search/refresh-search-text";
import { searchCatalog } from "@/lib/catalog/search/search-catalog";
import { seedSearchSynonyms } from "@/lib/catalog/search/seed-synonyms";
import { db } from "@/lib/db";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

describe("search text written under an older rule", () => {
  it("is rewritten with type, category and family words, once, moving the catalog version", async () => {
    await createProducts([
      {
        itemCode: "OLD-1",
        brandName: "Free Fire",
        productName: "Free Fire 100 Diamonds",
        productType: "direct_top_up",
        categoryName: "Mobile",
        searchText: "free fire 100 diamonds free fire old-1",
      },
    ]);
    expect((await searchCatalog("topup")).hits).toEqual([]);
    const version = await readCatalogVersion();

    expect(await refreshSearchText()).toBe(1);

    expect(await readCatalogVersion()).toBeGreaterThan(version);
    expect((await searchCatalog("topup")).hits.map((h) => h.itemCode)).toEqual(["OLD-1"]);
    expect(await refreshSearchText()).toBe(0);
  });
});

describe("default synonyms", () => {
  it("are seeded once per language, so a default an owner deleted stays deleted", async () => {
    expect(await seedSearchSynonyms()).toBeGreaterThan(0);
    for (const language of ["en", "id", "es", "pt-BR", "ar"])
      expect(await db.searchSynonym.count({ where: { language } })).toBeGreaterThan(0);
    await db.searchSynonym.delete({ where: { language_term: { language: "id", term: "isi ulang" } } });

    expect(await seedSearchSynonyms()).toBe(0);

    expect(await db.searchSynonym.count({ where: { term: "isi ulang" } })).toBe(0);
  });
});
