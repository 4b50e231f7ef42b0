import { beforeAll, describe, expect, it } from "vitest";
import {
  getBrandBySlug,
  getBrowseFacets,
  getFamilyPage,
  getHomeData,
  getProductDetail,
  getSkuPage,
  listFamilies,
} from "@/lib/catalog/queries";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

beforeAll(async () => {
  await createProducts([
    { itemCode: "VIS-OK", brandName: "Visible", productName: "Visible Card", isOffer: true, offerPercent: "5" },
    {
      itemCode: "VIS-TEST",
      brandName: "Visible",
      productName: "Visible Test Card",
      productType: "test",
      isOffer: true,
      offerPercent: "50",
    },
    {
      itemCode: "VIS-HIDDEN",
      brandName: "Visible",
      productName: "Visible Hidden Card",
      hidden: true,
      isOffer: true,
      offerPercent: "40",
    },
    { itemCode: "VIS-UNLISTED", brandName: "Visible", productName: "Visible Unlisted Card", listed: false },
    {
      itemCode: "VIS-REMOVED",
      brandName: "Visible",
      productName: "Visible Removed Card",
      listed: false,
      removedAt: new Date("2026-01-02"),
    },
    { itemCode: "ONLY-TEST", brandName: "Testbrand", productName: "Sandbox Only", productType: "test", region: "ZZ" },
  ]);
});

describe("shopper visibility", () => {
  it("never lists test, hidden or unlisted (removed upstream) products", async () => {
    const { items, total } = await listFamilies({});
    expect(items.map((f) => [f.slug, f.valueCount])).toEqual([["visible-gift-card", 1]]);
    expect(total).toBe(1);
  });

  it("never returns them from search, even by exact item code", async () => {
    for (const q of ["VIS-TEST", "VIS-HIDDEN", "VIS-UNLISTED", "VIS-REMOVED", "ONLY-TEST"]) {
      expect((await listFamilies({ q })).items).toEqual([]);
    }
    expect((await listFamilies({ q: "visible" })).items[0]?.valueCount).toBe(1);
  });

  it("shows a 404 for their pages, and their family page holds only visible SKUs", async () => {
    expect(await getSkuPage("VIS-OK")).not.toBeNull();
    for (const code of ["VIS-TEST", "VIS-HIDDEN", "VIS-UNLISTED", "VIS-REMOVED", "NOPE"]) {
      expect(await getSkuPage(code)).toBeNull();
      expect(await getProductDetail(code)).toBeNull();
    }
    expect((await getFamilyPage("visible-gift-card"))?.editions.map((e) => e.itemCode)).toEqual(["VIS-OK"]);
    expect(await getFamilyPage("testbrand-test")).toBeNull();
  });

  it("keeps them out of facets, home counts and offers", async () => {
    const facets = await getBrowseFacets({});
    expect(facets.types.map((t) => t.value)).toEqual(["gift_card"]);
    expect(facets.regions).toEqual([{ value: "US", label: "US", count: 1 }]);
    expect(facets.brands.map((b) => b.label)).toEqual(["Visible"]);
    const home = await getHomeData();
    expect(home.types).toEqual([{ value: "gift_card", label: "Gift Cards", count: 1 }]);
    expect(home.offers.map((o) => [o.slug, o.offerPercent])).toEqual([["visible-gift-card", "5"]]);
    expect(home.featuredBrands.map((b) => b.name)).toEqual(["Visible"]);
  });

  it("has no brand page for a brand whose only products are test products", async () => {
    expect(await getBrandBySlug("testbrand")).toBeNull();
    expect(await getBrandBySlug("visible")).toMatchObject({ name: "Visible" });
  });

  it("returns no upstream cost fields to the page", async () => {
    const page = await getSkuPage("VIS-OK");
    const keys = Object.keys(page?.selected ?? {});
    expect(keys).not.toContain("chargedPrice");
    expect(keys).not.toContain("price");
    expect(JSON.stringify(page)).not.toContain("9.5");
    expect(JSON.stringify(await listFamilies({}))).not.toContain("9.5");
  });
});
