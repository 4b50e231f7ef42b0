// A search listing filters, groups into families, counts, facets and sorts its hits in memory
// (search-listing.ts); a plain listing does it in SQL (catalog-where.ts, family-listing.ts). On a
// catalog where every product matches the query, both must give the same family tiles, totals
// and facets for every filter.
import { beforeAll, describe, expect, it } from "vitest";
import type { BrowseParams } from "@/lib/catalog/browse-params";
import type { BrowseScope } from "@/lib/catalog/catalog-where";
import { db } from "@/lib/db";
import { getBrowseFacets, listFamilies } from "@/lib/catalog/queries";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

beforeAll(async () => {
  const regions = [
    { region: "US", currency: "USD", countries: ["US"] },
    { region: "EU", currency: "EUR", countries: ["DE", "FR"] },
    { region: "Global", currency: "USD", countries: ["US", "DE", "IN"] },
  ];
  const brands = ["Alpha", "Beta", "Gamma"];
  const types = ["gift_card", "game_card", "direct_top_up"];
  const fixtures = [];
  for (let i = 0; i < 60; i++) {
    const r = regions[i % 3];
    fixtures.push({
      itemCode: `F-${String(i).padStart(2, "0")}`,
      brandName: brands[Math.floor(i / 3) % 3],
      productName: `${brands[Math.floor(i / 3) % 3]} Card ${i}`,
      productType: types[Math.floor(i / 9) % 3],
      categoryName: i % 2 ? "Games" : "Shopping",
      faceValue: String(5 + (i % 7) * 5),
      shopPrice: String(6 + ((i * 7) % 50)),
      region: r.region,
      currency: r.currency,
      countries: r.countries,
      deliveryType: i % 5 === 0 ? "PHYSICAL" : "DIGITAL",
      inStock: i % 4 !== 0,
      featured: i % 11 === 0,
    });
  }
  await createProducts(fixtures);
});

const cases: [string, Partial<BrowseParams>, BrowseScope?][] = [
  ["no filter", {}],
  ["region + sort by price", { region: "EU", sort: "price_asc" }],
  ["brand + currency", { brand: "beta", currency: "USD", sort: "value_desc" }],
  ["country + in stock", { country: "DE", instock: true, sort: "brand" }],
  [
    "type + value range + delivery",
    { type: "game_card", min: "10", max: "25.5", delivery: "DIGITAL", sort: "price_desc" },
  ],
  ["unknown brand", { brand: "nope" }],
  ["second page", { page: 2, sort: "value_asc" }],
];

describe("search listings filter like plain listings", () => {
  it.each(cases)("%s", async (_name, params) => {
    const plain = await listFamilies({ ...params });
    const searched = await listFamilies({ ...params, q: "card" });
    expect(searched.items).toEqual(plain.items);
    expect(searched.total).toBe(plain.total);
    expect(await getBrowseFacets({ ...params, q: "card" })).toEqual(await getBrowseFacets(params));
  });

  it("within a page's scope (type, brand, category)", async () => {
    const alpha = await db.brand.findUniqueOrThrow({ where: { slug: "alpha" } });
    const games = await db.category.findUniqueOrThrow({ where: { slug: "games" } });
    for (const scope of [
      { productType: "gift_card" },
      { brandId: alpha.id },
      { categoryId: games.id },
    ] as BrowseScope[]) {
      const params: Partial<BrowseParams> = { region: "US", sort: "price_asc" };
      expect((await listFamilies({ ...params, q: "card" }, scope)).items).toEqual(
        (await listFamilies(params, scope)).items,
      );
      expect(await getBrowseFacets({ ...params, q: "card" }, scope)).toEqual(await getBrowseFacets(params, scope));
    }
  });
});
