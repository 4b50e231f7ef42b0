// A markup rule prices an offer's struck-through "was" price from the list price as well as the
// shop price from the charged price (lib/pricing/markup.ts computeDisplayPrices). A cached product
// page is kept until a change touches its family (docs/storefront.md#what-drops-a-cached-page),
// so a rule change that moves the "was" price must touch it even when the shop price stays.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { savePricingRule } from "@/lib/admin/pricing/rule-actions";
import { createCatalogWatcher } from "@/lib/catalog/cache/page-invalidation";
import { getProductDetail } from "@/lib/catalog/product-page-query";
import { familyScopeKey } from "@/lib/catalog/scopes";
import { db } from "@/lib/db";
import { forgetPages, keepPage, pageKept } from "@/tests/helpers/cached-pages";
import { createProduct } from "@/tests/helpers/catalog-fixtures";
import { actAs, createUsers } from "../admin-catalog/staff-session";

beforeAll(async () => {
  actAs(await createUsers(), "staff");
});
afterAll(() => setSessionOverrideForTests(undefined));
beforeEach(forgetPages);

describe("a markup rule change and cached product pages", () => {
  it("drops the page of a product on offer whose was price the rule moved, though its shop price stayed", async () => {
    const product = await createProduct({
      itemCode: "WAS-OFFER-10",
      brandName: "Wascard",
      price: "20",
      chargedPrice: "10",
      shopPrice: "11",
      isOffer: true,
      offerPercent: "50",
    });
    const rule = { scope: "sku", key: product.itemCode, fixedFee: "0", rounding: "whole" };
    const margins = { minMarginPercent: "0", minMarginAmount: "0" };
    expect((await savePricingRule({ ...rule, ...margins, markupPercent: "10" })).ok).toBe(true);
    expect((await getProductDetail(product.itemCode))?.wasPrice).toBe("22.00");
    const check = createCatalogWatcher();
    await check();
    const path = `/us/en/p/${product.itemCode}`;
    await keepPage(path, [familyScopeKey(product.familySlug)]);

    // 10 × 1.05 rounds up to 11 as before; 20 × 1.05 is 21, no longer 22.
    const { id } = await db.pricingRule.findFirstOrThrow({ where: { scope: "sku", key: product.itemCode } });
    expect((await savePricingRule({ id, ...rule, ...margins, markupPercent: "5" })).ok).toBe(true);

    const shown = await getProductDetail(product.itemCode);
    expect(shown?.shopPrice).toBe("11.00");
    expect(shown?.wasPrice).toBe("21.00");
    expect(await check()).toContain(familyScopeKey(product.familySlug));
    expect(await pageKept(path)).toBe(false);
  });
});
