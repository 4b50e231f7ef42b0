import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getProductPage, listProducts } from "@/lib/catalog/queries";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

beforeAll(async () => {
  await createProducts([
    { itemCode: "FAM-25", brandName: "Famcard", productFamily: "famcard-us", faceValue: "25", shopPrice: "27.00", terms: "No refunds.", countries: ["US", "CA"] },
    { itemCode: "FAM-10", brandName: "Famcard", productFamily: "famcard-us", faceValue: "10", shopPrice: "11.00" },
    { itemCode: "FAM-50-HIDDEN", brandName: "Famcard", productFamily: "famcard-us", faceValue: "50", hidden: true },
    { itemCode: "OTHER-FAM", brandName: "Otherbrand", productFamily: "famcard-us", faceValue: "5" },
    { itemCode: "LONE", brandName: "Lone", productFamily: null },
    { itemCode: "OFFER", brandName: "Offerco", price: "20", chargedPrice: "18", shopPrice: "19.80", isOffer: true, offerPercent: "10" },
    { itemCode: "EXPIRED", brandName: "Offerco", isOffer: true, offerPercent: "30", offerExpiresDate: "2020-01-01T00:00:00Z" },
    { itemCode: "CODE/WITH SPACE", brandName: "Oddcode" },
  ]);
  await db.pricingRule.create({ data: { scope: "global", key: "", markupPercent: "10", minMarginPercent: "0", minMarginAmount: "0" } });
});

describe("product page", () => {
  it("shows the visible denominations of the same family and brand, by value", async () => {
    const page = await getProductPage("FAM-25");
    expect(page?.family.map((f) => f.itemCode)).toEqual(["FAM-10", "FAM-25"]);
    expect(page).toMatchObject({ terms: "No refunds.", countries: ["CA", "US"], minQuantity: 1, maxQuantity: 100, shopPrice: "27.00" });
  });

  it("shows a product without a family on its own", async () => {
    expect((await getProductPage("LONE"))?.family.map((f) => f.itemCode)).toEqual(["LONE"]);
  });

  it("shows a live offer with its badge and the list price marked up by the same rule as was-price", async () => {
    const page = await getProductPage("OFFER");
    expect(page?.offerPercent).toBe("10");
    expect(page?.wasPrice).toBe("22.00");
    expect(page?.shopPrice).toBe("19.80");
  });

  it("drops the badge of an expired offer, on the page and in listings", async () => {
    expect(await getProductPage("EXPIRED")).toMatchObject({ offerPercent: null, wasPrice: null, offerExpiresDate: null });
    const { items } = await listProducts({ q: "EXPIRED" });
    expect(items[0]).toMatchObject({ itemCode: "EXPIRED", offerPercent: null });
  });

  it("finds an item code holding URL-unsafe characters", async () => {
    expect((await getProductPage("CODE/WITH SPACE"))?.brandName).toBe("Oddcode");
  });
});
