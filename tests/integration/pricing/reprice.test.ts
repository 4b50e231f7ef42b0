import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { runCatalogSync } from "@/lib/catalog/sync";
import { computeUnitPrice } from "@/lib/pricing/markup";
import { loadPricingRules, priceForProduct, repriceAllProducts } from "@/lib/pricing/rules";
import { seedDefaults } from "@/lib/seed";
import { startSyncHarness } from "../catalog/sync-harness";

const h = startSyncHarness({ catalogSize: 60 });

beforeAll(async () => {
  await seedDefaults();
  expect((await runCatalogSync({ kind: "full", trigger: "startup" }, h.deps)).status).toBe("succeeded");
});
afterAll(() => h.close());

describe("pricing rules on the catalog", () => {
  it("seeds one global rule and never overwrites a staff edit", async () => {
    await db.pricingRule.update({ where: { scope_key: { scope: "global", key: "" } }, data: { markupPercent: "9" } });
    await seedDefaults();
    const rules = await loadPricingRules();
    expect(rules).toHaveLength(1);
    expect(rules[0].markupPercent.toString()).toBe("9");
  });

  it("re-prices only the products a new brand rule covers", async () => {
    await db.pricingRule.update({ where: { scope_key: { scope: "global", key: "" } }, data: { markupPercent: "8" } });
    await repriceAllProducts();
    const target = await db.product.findFirstOrThrow({ where: { productType: { not: "test" } } });
    const brandCount = await db.product.count({ where: { brandName: target.brandName } });
    await db.pricingRule.create({
      data: { scope: "brand", key: target.brandName, markupPercent: "30", rounding: "whole", minMarginAmount: "0" },
    });

    const result = await repriceAllProducts();

    expect(result.checked).toBe(await db.product.count());
    expect(result.changed).toBe(brandCount);
    const row = await db.product.findUniqueOrThrow({ where: { itemCode: target.itemCode } });
    expect(row.shopPrice.toFixed(2)).toBe(
      computeUnitPrice(row.chargedPrice, {
        scope: "brand",
        key: "",
        markupPercent: "30",
        fixedFee: "0",
        rounding: "whole",
        minMarginPercent: "0",
        minMarginAmount: "0",
      }).toFixed(2),
    );
    expect((await repriceAllProducts()).changed).toBe(0);
  });

  it("prices a checkout from the live upstream cost with the SKU's own rule", async () => {
    const target = await db.product.findFirstOrThrow({
      where: { productType: { not: "test" } },
      orderBy: { itemCode: "desc" },
    });
    await db.pricingRule.create({
      data: { scope: "sku", key: target.itemCode, markupPercent: "50", rounding: "none" },
    });
    const { unitPrice, rule } = await priceForProduct(target, "10.00");
    expect(rule.scope).toBe("sku");
    expect(unitPrice.toFixed(2)).toBe("15.00");
  });
});
