import { beforeAll, describe, expect, it } from "vitest";
import { getBrowseFacets, getCategoryBySlug, listCategories, listFamilies } from "@/lib/catalog/queries";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

const slugs = (r: { items: { slug: string }[] }) => r.items.map((f) => f.slug);

beforeAll(async () => {
  await createProducts([
    {
      itemCode: "A-10",
      brandName: "Alpha",
      faceValue: "10",
      shopPrice: "11.00",
      region: "US",
      currency: "USD",
      countries: ["US"],
    },
    {
      itemCode: "A-50",
      brandName: "Alpha",
      faceValue: "50",
      shopPrice: "54.00",
      region: "US",
      currency: "USD",
      countries: ["US"],
      inStock: false,
    },
    {
      itemCode: "A-EU-20",
      brandName: "Alpha",
      faceValue: "20",
      shopPrice: "23.00",
      region: "EU",
      currency: "EUR",
      countries: ["DE"],
    },
    {
      itemCode: "B-20",
      brandName: "Beta",
      faceValue: "20",
      shopPrice: "21.50",
      region: "EU",
      currency: "EUR",
      countries: ["DE", "FR"],
      deliveryType: "BOTH",
    },
    {
      itemCode: "C-5",
      brandName: "Chi Games",
      productType: "game_card",
      faceValue: "5",
      shopPrice: "5.60",
      region: "GLOBAL",
      currency: "USD",
      countries: ["US", "GB"],
      categoryName: "Games & Apps / PC",
      categorySlug: "games & apps/pc%",
    },
    {
      itemCode: "D-100",
      brandName: "Delta",
      productType: "direct_top_up",
      faceValue: "100",
      shopPrice: "3.10",
      region: "IN",
      currency: "INR",
      countries: ["IN"],
      deliveryType: "PHYSICAL",
    },
  ]);
});

describe("listings count families, not SKUs", () => {
  it("shows one tile for a brand's product type, whatever its regions and values", async () => {
    const all = await listFamilies({});
    expect(slugs(all)).toEqual(["alpha-gift-card", "beta-gift-card", "chi-games-game-card", "delta-direct-top-up"]);
    expect(all.total).toBe(4);
    expect(all.items[0]).toMatchObject({
      name: "Alpha",
      brandSlug: "alpha",
      regions: ["EU", "US"],
      valueCount: 3,
      fromPrice: "11.00",
      inStock: true,
    });
  });

  it("lists a family when any SKU matches, and its tile describes only the matching ones", async () => {
    const eu = await listFamilies({ region: "EU" });
    expect(slugs(eu)).toEqual(["alpha-gift-card", "beta-gift-card"]);
    expect(eu.items[0]).toMatchObject({ regions: ["EU"], valueCount: 1, fromPrice: "23.00" });
  });
});

describe("listing filters", () => {
  it("filters by product type", async () =>
    expect(slugs(await listFamilies({ type: "game_card" }))).toEqual(["chi-games-game-card"]));
  it("filters by brand slug", async () =>
    expect(slugs(await listFamilies({ brand: "alpha" }))).toEqual(["alpha-gift-card"]));
  it("filters by currency", async () =>
    expect(slugs(await listFamilies({ currency: "INR" }))).toEqual(["delta-direct-top-up"]));
  it("filters by country in the product's country list", async () => {
    expect(slugs(await listFamilies({ country: "FR" }))).toEqual(["beta-gift-card"]);
    expect(slugs(await listFamilies({ country: "US", sort: "value_asc" }))).toEqual([
      "chi-games-game-card",
      "alpha-gift-card",
    ]);
  });
  it("filters by delivery type", async () =>
    expect(slugs(await listFamilies({ delivery: "PHYSICAL" }))).toEqual(["delta-direct-top-up"]));
  it("filters by face value range, inclusive", async () =>
    expect(slugs(await listFamilies({ min: "10", max: "50", sort: "value_asc" }))).toEqual([
      "alpha-gift-card",
      "beta-gift-card",
    ]));
  it("counts only in-stock SKUs when in stock only is set", async () => {
    const r = await listFamilies({ brand: "alpha", instock: true });
    expect(r.items[0]).toMatchObject({ valueCount: 2, inStock: true });
  });
  it("scopes a category page by the category and finds a category slug with special characters", async () => {
    const category = await getCategoryBySlug("games & apps/pc%");
    expect(category).toMatchObject({ name: "Games & Apps / PC" });
    expect(slugs(await listFamilies({}, { categoryId: category!.id }))).toEqual(["chi-games-game-card"]);
    expect(await getCategoryBySlug("unknown")).toBeNull();
    expect((await listCategories()).find((c) => c.slug === "games & apps/pc%")).toMatchObject({ count: 1 });
    expect((await listCategories()).find((c) => c.name === "Gift Cards")).toMatchObject({ count: 3 });
  });
  it("combines filters", async () =>
    expect(slugs(await listFamilies({ currency: "USD", region: "US", instock: true }))).toEqual(["alpha-gift-card"]));
});

describe("listing sorts", () => {
  it("sorts by the lowest matching price, ascending and descending", async () => {
    expect(slugs(await listFamilies({ sort: "price_asc" }))).toEqual([
      "delta-direct-top-up",
      "chi-games-game-card",
      "alpha-gift-card",
      "beta-gift-card",
    ]);
    expect(slugs(await listFamilies({ sort: "price_desc" }))).toEqual([
      "beta-gift-card",
      "alpha-gift-card",
      "chi-games-game-card",
      "delta-direct-top-up",
    ]);
  });
  it("sorts by the lowest face value", async () => {
    expect(slugs(await listFamilies({ sort: "value_asc" }))).toEqual([
      "chi-games-game-card",
      "alpha-gift-card",
      "beta-gift-card",
      "delta-direct-top-up",
    ]);
    expect(slugs(await listFamilies({ sort: "value_desc" }))).toEqual([
      "delta-direct-top-up",
      "beta-gift-card",
      "alpha-gift-card",
      "chi-games-game-card",
    ]);
  });
  it("sorts by brand", async () => {
    expect(slugs(await listFamilies({ sort: "brand" }))).toEqual([
      "alpha-gift-card",
      "beta-gift-card",
      "chi-games-game-card",
      "delta-direct-top-up",
    ]);
  });
});

describe("facets", () => {
  it("counts families per option under the other filters, ignoring its own value", async () => {
    const facets = await getBrowseFacets({ currency: "USD", region: "US" });
    expect(facets.regions.map((r) => [r.value, r.count])).toEqual([
      ["GLOBAL", 1],
      ["US", 1],
    ]);
    expect(facets.currencies.map((c) => [c.value, c.count])).toEqual([["USD", 1]]);
    expect(facets.brands.map((b) => [b.value, b.count])).toEqual([["alpha", 1]]);
    expect(facets.countries.map((c) => [c.value, c.count])).toEqual([["US", 1]]);
  });

  it("counts a family once per option even when several of its SKUs carry it", async () => {
    const facets = await getBrowseFacets({});
    expect(facets.types.find((t) => t.value === "gift_card")?.count).toBe(2);
    expect(facets.regions.find((r) => r.value === "EU")?.count).toBe(2);
    expect(facets.countries.find((c) => c.value === "US")?.count).toBe(2);
    expect(facets.countries.find((c) => c.value === "DE")?.count).toBe(2);
  });
});
