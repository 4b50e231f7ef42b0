import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getFamilyPage, getProductDetail, getSkuPage, listFamilies } from "@/lib/catalog/queries";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

beforeAll(async () => {
  await createProducts([
    {
      itemCode: "FAM-25",
      brandName: "Famcard",
      productFamily: "famcard-us",
      faceValue: "25",
      shopPrice: "27.00",
      terms: "No refunds.",
      countries: ["US", "CA"],
    },
    { itemCode: "FAM-10", brandName: "Famcard", productFamily: "famcard-us", faceValue: "10", shopPrice: "11.00" },
    { itemCode: "FAM-50-HIDDEN", brandName: "Famcard", productFamily: "famcard-us", faceValue: "50", hidden: true },
    {
      itemCode: "FAM-EU-20",
      brandName: "Famcard",
      productFamily: "famcard-eu",
      region: "EU",
      currency: "EUR",
      denominationUnit: "EUR",
      faceValue: "20",
      shopPrice: "23.40",
      countries: ["DE", "FR"],
    },
    {
      itemCode: "FAM-EU-20-B",
      brandName: "Famcard",
      productFamily: "famcard-eu",
      region: "EU",
      currency: "EUR",
      denominationUnit: "EUR",
      faceValue: "20",
      shopPrice: "23.90",
      productName: "Famcard €20 (edition 2)",
      countries: ["DE", "FR"],
    },
    {
      itemCode: "FAM-UK-10-OOS",
      brandName: "Famcard",
      productFamily: "famcard-uk",
      region: "UK",
      currency: "GBP",
      faceValue: "10",
      inStock: false,
      countries: ["GB"],
    },
    { itemCode: "OTHER-FAM", brandName: "Otherbrand", productFamily: "famcard-us", faceValue: "5" },
    { itemCode: "LONE", brandName: "Lone", productFamily: null },
    {
      itemCode: "OFFER",
      brandName: "Offerco",
      price: "20",
      chargedPrice: "18",
      shopPrice: "19.80",
      isOffer: true,
      offerPercent: "10",
    },
    {
      itemCode: "EXPIRED",
      brandName: "Offerco",
      faceValue: "25",
      isOffer: true,
      offerPercent: "30",
      offerExpiresDate: "2020-01-01T00:00:00Z",
    },
    { itemCode: "CODE/WITH SPACE", brandName: "Oddcode" },
    {
      itemCode: "TOP-60",
      brandName: "Gemgame",
      productType: "direct_top_up",
      faceValue: "60",
      denominationUnit: "Gems",
      requiredFields: JSON.stringify([
        { key: "player_id", label: "Player ID", type: "string", required: true, max_length: 12 },
      ]),
    },
    {
      itemCode: "TOP-300",
      brandName: "Gemgame",
      productType: "direct_top_up",
      faceValue: "300",
      denominationUnit: "Gems",
      requiredFields: JSON.stringify([
        { key: "player_id", label: "Player ID", type: "string", required: true, max_length: 12 },
      ]),
    },
  ]);
  await db.pricingRule.create({
    data: { scope: "global", key: "", markupPercent: "10", minMarginPercent: "0", minMarginAmount: "0" },
  });
});

describe("family page", () => {
  it("offers the family's regions and the visible values of the chosen one, by value", async () => {
    const page = await getFamilyPage("famcard-gift-card", { region: "US" });
    expect(page?.name).toBe("Famcard");
    expect(page?.regions.map((r) => [r.region, r.label, r.currencies, r.inStock])).toEqual([
      ["EU", "Europe", ["EUR"], true],
      ["UK", "United Kingdom", ["GBP"], false],
      ["US", "United States", ["USD"], true],
    ]);
    expect(page?.values.map((v) => [v.value, v.fromPrice])).toEqual([
      ["10", "11.00"],
      ["25", "27.00"],
    ]);
    expect(page?.value).toBe("10");
    expect(page?.selected).toMatchObject({ itemCode: "FAM-10", shopPrice: "11.00" });
  });

  it("follows the value and the region in the URL, and the price follows them", async () => {
    expect((await getFamilyPage("famcard-gift-card", { region: "US", value: "25.0" }))?.selected).toMatchObject({
      itemCode: "FAM-25",
      shopPrice: "27.00",
      terms: "No refunds.",
      countries: ["CA", "US"],
    });
    const eu = await getFamilyPage("famcard-gift-card", { region: "eu", value: "25" });
    expect(eu?.region).toBe("EU");
    expect(eu?.values.map((v) => v.value)).toEqual(["20"]);
    expect(eu?.selected).toMatchObject({ itemCode: "FAM-EU-20", shopPrice: "23.40", priceCurrency: "USD" });
  });

  it("opens the shopper's region when the URL names none, else the widest", async () => {
    expect((await getFamilyPage("famcard-gift-card", { preferredCountries: ["FR"] }))?.region).toBe("EU");
    expect((await getFamilyPage("famcard-gift-card", { preferredCountries: ["GB"] }))?.region).toBe("UK");
    expect((await getFamilyPage("famcard-gift-card", { preferredCountries: ["JP"] }))?.region).toBe("EU");
    expect((await getFamilyPage("famcard-gift-card", { region: "Mars", preferredCountries: ["CA"] }))?.region).toBe(
      "US",
    );
  });

  it("lets the shopper pick among editions of one value", async () => {
    const page = await getFamilyPage("famcard-gift-card", { region: "EU", value: "20", item: "FAM-EU-20-B" });
    expect(page?.editions.map((e) => e.itemCode)).toEqual(["FAM-EU-20", "FAM-EU-20-B"]);
    expect(page?.values[0]).toMatchObject({ value: "20", fromPrice: "23.40", editions: 2 });
    expect(page?.selected?.itemCode).toBe("FAM-EU-20-B");
  });

  it("shows an out-of-stock region's value without selling it as in stock", async () => {
    const uk = await getFamilyPage("famcard-gift-card", { region: "UK" });
    expect(uk?.values).toMatchObject([{ value: "10", inStock: false }]);
    expect(uk?.selected).toMatchObject({ itemCode: "FAM-UK-10-OOS", inStock: false });
  });

  it("starts a top-up family with no amount chosen and names the SKU the account check uses", async () => {
    const page = await getFamilyPage("gemgame-direct-top-up", {});
    expect(page).toMatchObject({ isTopup: true, value: null, selected: null, accountItemCode: "TOP-300" });
    expect(JSON.parse(page!.accountFieldsJson)).toMatchObject([{ key: "player_id" }]);
    expect((await getFamilyPage("gemgame-direct-top-up", { value: "60" }))?.selected?.itemCode).toBe("TOP-60");
  });

  it("keeps another brand with the same product_family in its own family", async () => {
    expect((await getFamilyPage("otherbrand-famcard-gift-card"))?.selected?.itemCode).toBe("OTHER-FAM");
    expect((await listFamilies({ q: "fam" })).items.map((f) => f.slug)).toEqual([
      "famcard-gift-card",
      "otherbrand-famcard-gift-card",
    ]);
  });

  it("answers null for an unknown family and for one whose every SKU is hidden", async () => {
    expect(await getFamilyPage("nope-gift-card")).toBeNull();
  });
});

describe("SKU pages", () => {
  it("shows the SKU's family with its region, value and edition chosen", async () => {
    const page = await getSkuPage("FAM-EU-20-B");
    expect(page).toMatchObject({ slug: "famcard-gift-card", region: "EU", value: "20" });
    expect(page?.selected?.itemCode).toBe("FAM-EU-20-B");
    expect((await getSkuPage("LONE"))?.selected?.itemCode).toBe("LONE");
    expect(await getSkuPage("FAM-50-HIDDEN")).toBeNull();
  });

  it("finds an item code holding URL-unsafe characters", async () => {
    expect((await getSkuPage("CODE/WITH SPACE"))?.brandName).toBe("Oddcode");
  });
});

describe("SKU details", () => {
  it("shows a live offer with its badge and the list price marked up by the same rule as was-price", async () => {
    const detail = await getProductDetail("OFFER");
    expect(detail?.offerPercent).toBe("10");
    expect(detail?.wasPrice).toBe("22.00");
    expect(detail?.shopPrice).toBe("19.80");
  });

  it("drops the badge of an expired offer, on the page and in listings", async () => {
    expect(await getProductDetail("EXPIRED")).toMatchObject({
      offerPercent: null,
      wasPrice: null,
      offerExpiresDate: null,
    });
    const { items } = await listFamilies({ q: "EXPIRED" });
    expect(items[0]).toMatchObject({ slug: "offerco-gift-card", offerPercent: null });
    const { items: both } = await listFamilies({ q: "offerco" });
    expect(both[0]).toMatchObject({ offerPercent: "10" });
  });
});
