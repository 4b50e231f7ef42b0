// A market offers its own product regions (docs/markets.md#the-products-a-market-offers): by
// default its countries' products and global ones (the default market: every product), or the
// owner's list. Every catalog read a market's pages make — listings, facets, search and its
// suggestions, family and product pages, brand and category shelves, the home's shelves, the
// sitemap — shows only what the market offers, and the quote and checkout refuse the rest before
// payment.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getFamilyPage, getSkuPage, listFamilies, getBrowseFacets, getHomeData } from "@/lib/catalog/queries";
import { getBrandBySlug, getCategoryBySlug, listCategories } from "@/lib/catalog/queries";
import { suggestSearches } from "@/lib/catalog/search/suggest";
import { listCatalogPaths } from "@/lib/catalog/sitemap-paths";
import { createMarket } from "@/tests/helpers/markets";
import { offerOf } from "@/lib/markets/offer";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteForClient } from "@/lib/orders/quote/client-quote";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

const now = new Date("2026-11-25T15:00:00Z");
/** What Indonesia offers by default: its country's region, global ones, and products sold in Indonesia. */
const indonesia = offerOf({ productRegions: null, countries: ["ID"], isDefault: false });
const slugs = (r: { items: { slug: string }[] }) => r.items.map((f) => f.slug);
const familyOf = async (itemCode: string) =>
  (await db.product.findUniqueOrThrow({ where: { itemCode }, select: { familySlug: true } })).familySlug;

let steam: string;
let usOnly: string;
let mlbb: string;
let asia: string;

beforeAll(async () => {
  await createProducts([
    // A family sold in the US and globally: Indonesia sees only its global region.
    { itemCode: "STEAM-US-10", brandName: "Steam", region: "US", countries: ["US"], isOffer: true },
    {
      itemCode: "STEAM-GL-10",
      brandName: "Steam",
      region: "Global",
      countries: ["US", "GB"],
      shopPrice: "12.00",
      isOffer: true,
    },
    // A brand and category sold only in the US.
    {
      itemCode: "USONLY-25",
      brandName: "Usonly",
      categoryName: "US Shops",
      region: "US",
      countries: ["US"],
      faceValue: "25",
      isOffer: true,
      featured: true,
    },
    // Indonesia's own region, and a regional product whose countries include Indonesia.
    {
      itemCode: "MLBB-ID-86",
      brandName: "Mobile Legends",
      region: "ID",
      countries: ["ID"],
      productType: "direct_top_up",
    },
    { itemCode: "ASIA-SEA-5", brandName: "Asiaplay", region: "SEA", countries: ["MY", "ID"] },
  ]);
  steam = await familyOf("STEAM-US-10");
  usOnly = await familyOf("USONLY-25");
  mlbb = await familyOf("MLBB-ID-86");
  asia = await familyOf("ASIA-SEA-5");
  await createMarket({
    slug: "id",
    name: "Indonesia",
    countries: ["ID"],
    currency: "IDR",
    rate: "16500",
    rateSetAt: now,
    maxAgeHours: 72,
    bufferPercent: "2",
  });
});

describe("a market's catalog pages show only the products it offers", () => {
  it("lists its country's, its countries' and global products in Indonesia, never US-only ones; the default market lists all", async () => {
    const shown = slugs(await listFamilies({}, { offer: indonesia }));
    expect(shown).toEqual(expect.arrayContaining([steam, mlbb, asia]));
    expect(shown).not.toContain(usOnly);
    expect(slugs(await listFamilies({}, {}))).toContain(usOnly);
  });

  it("offers in a listing's region facet only the regions the market sells", async () => {
    const facets = await getBrowseFacets({}, { offer: indonesia });
    expect(facets.regions.map((r) => r.value).sort()).toEqual(["Global", "ID", "SEA"]);
  });

  it("finds no US-only product when searching in Indonesia", async () => {
    const found = slugs(await listFamilies({ q: "usonly" }, { offer: indonesia }));
    expect(found).toEqual([]);
    expect(slugs(await listFamilies({ q: "usonly" }, {}))).toEqual([usOnly]);
  });

  it("suggests no US-only family while an Indonesian shopper types", async () => {
    const suggested = await suggestSearches("usonly", { offer: indonesia });
    expect(suggested.suggestions.map((s) => s.label)).toEqual([]);
  });

  it("switches a family page only between the regions the market offers", async () => {
    const page = await getFamilyPage(steam, { offer: indonesia }, now);
    expect(page?.regions.map((r) => r.region)).toEqual(["Global"]);
    expect(page?.region).toBe("Global");
    expect(await getFamilyPage(usOnly, { offer: indonesia }, now)).toBeNull();
  });

  it("has no product page in Indonesia for a US-only product, and has one for a global one", async () => {
    expect(await getSkuPage("STEAM-US-10", now, indonesia)).toBeNull();
    expect(await getSkuPage("STEAM-GL-10", now, indonesia)).not.toBeNull();
  });

  it("has no brand or category page in Indonesia for a brand and category sold only in the US", async () => {
    const brand = await db.brand.findUniqueOrThrow({ where: { name: "Usonly" } });
    const category = await db.category.findUniqueOrThrow({ where: { name: "US Shops" } });
    expect(await getBrandBySlug(brand.slug, indonesia)).toBeNull();
    expect(await getCategoryBySlug(category.slug, indonesia)).toBeNull();
    expect(await getBrandBySlug(brand.slug)).not.toBeNull();
  });

  it("keeps US-only products off the Indonesian home's shelves and categories", async () => {
    const home = await getHomeData(now, indonesia);
    expect(home.offers.map((f) => f.slug)).not.toContain(usOnly);
    expect(home.offers.map((f) => f.slug)).toContain(steam);
    expect(home.featuredBrands.map((b) => b.name)).not.toContain("Usonly");
    const categories = await listCategories(indonesia);
    expect(categories.map((c) => c.name)).not.toContain("US Shops");
  });

  it("lists in Indonesia's sitemap only the pages of products it offers", async () => {
    const paths = await listCatalogPaths(indonesia);
    expect(paths).toContain("/p/STEAM-GL-10");
    expect(paths).not.toContain("/p/STEAM-US-10");
    expect(paths).not.toContain(`/f/${usOnly}`);
    expect(await listCatalogPaths()).toContain("/p/STEAM-US-10");
  });
});

describe("the quote and checkout refuse a product the market does not offer, before payment", () => {
  const usLine = [{ itemCode: "STEAM-US-10", quantity: 1 }];

  it("refuses to quote a US-only card in Indonesia", async () => {
    await expect(quoteForClient(usLine, "203.0.113.9", { market: "id", now })).rejects.toThrow(
      "Steam Gift Card is not sold in Indonesia; please remove it from your cart.",
    );
  });

  it("refuses to check out a US-only card in Indonesia, and records no order", async () => {
    const result = await placeOrder(
      {
        email: "buyer@example.com",
        items: usLine,
        card: { number: "4242424242424242", expiry: "12/30", cvc: "123" },
        expectedTotal: "170500",
        market: "id",
      },
      { now },
    );
    expect(result).toMatchObject({
      ok: false,
      message: "Steam Gift Card is not sold in Indonesia; please remove it from your cart.",
    });
    expect(await db.order.count()).toBe(0);
  });
});
