import { beforeAll, describe, expect, it } from "vitest";
import { getBrowseFacets, getCategoryBySlug, listCategories, listProducts } from "@/lib/catalog/queries";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

const codes = (r: { items: { itemCode: string }[] }) => r.items.map((p) => p.itemCode);

beforeAll(async () => {
  await createProducts([
    { itemCode: "A-10", brandName: "Alpha", faceValue: "10", shopPrice: "11.00", region: "US", currency: "USD", countries: ["US"] },
    { itemCode: "A-50", brandName: "Alpha", faceValue: "50", shopPrice: "54.00", region: "US", currency: "USD", countries: ["US"], inStock: false },
    { itemCode: "B-20", brandName: "Beta", faceValue: "20", shopPrice: "21.50", region: "EU", currency: "EUR", countries: ["DE", "FR"], deliveryType: "BOTH" },
    { itemCode: "C-5", brandName: "Chi Games", productType: "game_card", faceValue: "5", shopPrice: "5.60", region: "GLOBAL", currency: "USD", countries: ["US", "GB"], categoryName: "Games & Apps / PC", categorySlug: "games & apps/pc%" },
    { itemCode: "D-100", brandName: "Delta", productType: "direct_top_up", faceValue: "100", shopPrice: "3.10", region: "IN", currency: "INR", countries: ["IN"], deliveryType: "PHYSICAL" },
  ]);
});

describe("listing filters", () => {
  it("filters by product type", async () => expect(codes(await listProducts({ type: "game_card" }))).toEqual(["C-5"]));
  it("filters by brand slug", async () => expect(codes(await listProducts({ brand: "alpha", sort: "value_asc" }))).toEqual(["A-10", "A-50"]));
  it("filters by region", async () => expect(codes(await listProducts({ region: "EU" }))).toEqual(["B-20"]));
  it("filters by currency", async () => expect(codes(await listProducts({ currency: "INR" }))).toEqual(["D-100"]));
  it("filters by country in the product's country list", async () => {
    expect(codes(await listProducts({ country: "FR" }))).toEqual(["B-20"]);
    expect(codes(await listProducts({ country: "US", sort: "value_asc" }))).toEqual(["C-5", "A-10", "A-50"]);
  });
  it("filters by delivery type", async () => expect(codes(await listProducts({ delivery: "PHYSICAL" }))).toEqual(["D-100"]));
  it("filters by face value range, inclusive", async () =>
    expect(codes(await listProducts({ min: "10", max: "50", sort: "value_asc" }))).toEqual(["A-10", "B-20", "A-50"]));
  it("hides out-of-stock products when in stock only is set", async () => {
    expect(codes(await listProducts({ brand: "alpha", instock: true }))).toEqual(["A-10"]);
  });
  it("scopes a category page by the category and finds a category slug with special characters", async () => {
    const category = await getCategoryBySlug("games & apps/pc%");
    expect(category).toMatchObject({ name: "Games & Apps / PC" });
    expect(codes(await listProducts({}, { categoryId: category!.id }))).toEqual(["C-5"]);
    expect(await getCategoryBySlug("unknown")).toBeNull();
    expect((await listCategories()).map((c) => c.slug)).toContain("games & apps/pc%");
  });
  it("combines filters", async () => expect(codes(await listProducts({ currency: "USD", region: "US", instock: true }))).toEqual(["A-10"]));
});

describe("listing sorts", () => {
  it("sorts by shop price ascending and descending", async () => {
    expect(codes(await listProducts({ sort: "price_asc" }))).toEqual(["D-100", "C-5", "A-10", "B-20", "A-50"]);
    expect(codes(await listProducts({ sort: "price_desc" }))).toEqual(["A-50", "B-20", "A-10", "C-5", "D-100"]);
  });
  it("sorts by face value ascending and descending", async () => {
    expect(codes(await listProducts({ sort: "value_asc" }))).toEqual(["C-5", "A-10", "B-20", "A-50", "D-100"]);
    expect(codes(await listProducts({ sort: "value_desc" }))).toEqual(["D-100", "A-50", "B-20", "A-10", "C-5"]);
  });
  it("sorts by brand, then value", async () => {
    expect(codes(await listProducts({ sort: "brand" }))).toEqual(["A-10", "A-50", "B-20", "C-5", "D-100"]);
  });
});

describe("facets", () => {
  it("lists each filter's options under the other filters, ignoring its own value", async () => {
    const facets = await getBrowseFacets({ currency: "USD", region: "US" });
    expect(facets.regions.map((r) => [r.value, r.count])).toEqual([
      ["GLOBAL", 1],
      ["US", 2],
    ]);
    expect(facets.currencies.map((c) => c.value)).toEqual(["USD"]);
    expect(facets.brands.map((b) => b.value)).toEqual(["alpha"]);
    expect(facets.countries.map((c) => c.value)).toEqual(["US"]);
  });
});
