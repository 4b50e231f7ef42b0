import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { computeUnitPrice } from "@/lib/pricing/markup";
import { loadPricingRules } from "@/lib/pricing/rules";
import { deletePricingRule, savePricingRule } from "@/lib/admin/pricing/rule-actions";
import { previewPrices } from "@/lib/admin/pricing/preview";
import { listPreviewSamples, listRuleSamples } from "@/lib/admin/pricing/list-rules";
import { seedDefaults } from "@/lib/seed";
import { createProducts } from "../../helpers/catalog-fixtures";
import { actAs, createUsers } from "./staff-session";

let users: Awaited<ReturnType<typeof createUsers>>;
const flat = { fixedFee: "0", rounding: "none", minMarginPercent: "0", minMarginAmount: "0" } as const;
const priceOf = async (itemCode: string) =>
  (await db.product.findUniqueOrThrow({ where: { itemCode } })).shopPrice.toFixed(2);
const globalRule = () => db.pricingRule.findUniqueOrThrow({ where: { scope_key: { scope: "global", key: "" } } });

beforeAll(async () => {
  await seedDefaults();
  users = await createUsers();
  await createProducts([
    { itemCode: "PR-A", brandName: "Alpha", chargedPrice: "10.00" },
    { itemCode: "PR-B", brandName: "Beta", chargedPrice: "20.00" },
  ]);
  actAs(users, "staff");
});
afterAll(() => setSessionOverrideForTests(undefined));

describe("pricing rules editor", () => {
  it("reprices every product when the global rule is edited, and audits before/after", async () => {
    const rule = await globalRule();
    const result = await savePricingRule({ id: rule.id, scope: "global", key: "", markupPercent: "25", ...flat });

    expect(result).toMatchObject({ ok: true });
    expect(await priceOf("PR-A")).toBe("12.50");
    expect(await priceOf("PR-B")).toBe("25.00");
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "pricing.rule.update", targetId: rule.id } });
    expect(audit.actorId).toBe(users.staff);
    expect(JSON.parse(audit.before!)).toMatchObject({ markupPercent: "8", rounding: "0.99" });
    expect(JSON.parse(audit.after!)).toMatchObject({ markupPercent: "25", rounding: "none" });
  });

  it("creates a brand rule that reprices only that brand, then deleting it restores the global price", async () => {
    expect((await savePricingRule({ scope: "brand", key: "Beta", markupPercent: "50", ...flat })).ok).toBe(true);
    expect(await priceOf("PR-A")).toBe("12.50");
    expect(await priceOf("PR-B")).toBe("30.00");
    const brandRule = await db.pricingRule.findUniqueOrThrow({ where: { scope_key: { scope: "brand", key: "Beta" } } });
    expect(await db.auditLog.count({ where: { action: "pricing.rule.create", targetId: brandRule.id } })).toBe(1);

    expect((await deletePricingRule({ id: brandRule.id })).ok).toBe(true);
    expect(await priceOf("PR-B")).toBe("25.00");
    const audit = await db.auditLog.findFirstOrThrow({
      where: { action: "pricing.rule.delete", targetId: brandRule.id },
    });
    expect(JSON.parse(audit.before!)).toMatchObject({ scope: "brand", key: "Beta", markupPercent: "50" });
  });

  it("refuses to delete the global rule or change its scope", async () => {
    const rule = await globalRule();
    expect(await deletePricingRule({ id: rule.id })).toMatchObject({
      ok: false,
      message: expect.stringMatching(/cannot be deleted/),
    });
    expect(
      await savePricingRule({ id: rule.id, scope: "brand", key: "Alpha", markupPercent: "1", ...flat }),
    ).toMatchObject({ ok: false });
    expect(await db.pricingRule.findUnique({ where: { id: rule.id } })).not.toBeNull();
    expect((await globalRule()).markupPercent.toString()).toBe("25");
  });

  it("reports a duplicate scope and key as a field error instead of a second rule", async () => {
    expect((await savePricingRule({ scope: "sku", key: "PR-A", markupPercent: "5", ...flat })).ok).toBe(true);
    const dup = await savePricingRule({ scope: "sku", key: "PR-A", markupPercent: "6", ...flat });
    expect(dup).toMatchObject({ ok: false, fieldErrors: { key: expect.any(Array) } });
    expect(await db.pricingRule.count({ where: { scope: "sku" } })).toBe(1);
  });

  it("rejects malformed numbers with field errors and writes nothing", async () => {
    const before = await db.auditLog.count();
    const result = await savePricingRule({
      scope: "brand",
      key: "Alpha",
      markupPercent: "-3",
      ...flat,
      fixedFee: "1e3",
    });
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { markupPercent: expect.any(Array), fixedFee: expect.any(Array) },
    });
    expect(await db.auditLog.count()).toBe(before);
  });

  it("previews a draft rule with the prices a save produces, and shows where a narrower rule wins", async () => {
    const rules = await loadPricingRules();
    const draft = {
      scope: "brand",
      key: "Beta",
      markupPercent: "30",
      fixedFee: "0.50",
      rounding: "0.99",
      minMarginPercent: "0",
      minMarginAmount: "0",
    } as const;
    const rows = previewPrices(draft, rules, [
      { itemCode: "PR-A", productType: "gift_card", brandName: "Alpha", chargedPrice: "10.00" },
      { itemCode: "PR-B", productType: "gift_card", brandName: "Beta", chargedPrice: "20.00" },
    ]);
    expect(rows[1]).toMatchObject({
      applies: true,
      price: computeUnitPrice("20.00", draft).toFixed(2),
      margin: "6.99",
      effective: "26.99",
    });
    expect(rows[1].price).toBe("26.99");
    // PR-A keeps its SKU rule (5 %) from the test above: the draft's price is hypothetical there.
    expect(rows[0]).toMatchObject({ applies: false, price: "13.99", effective: "10.50" });

    expect((await savePricingRule(draft)).ok).toBe(true);
    expect(await priceOf("PR-B")).toBe(rows[1].effective);
    expect(await priceOf("PR-A")).toBe(rows[0].effective);
  });

  it("offers preview samples from the cheapest to the dearest listed product, and a rule's own products", async () => {
    const samples = await listPreviewSamples(5);
    expect(samples.map((x) => x.itemCode)).toEqual(["PR-A", "PR-B"]);
    expect((await listRuleSamples({ scope: "brand", key: "Beta" })).map((x) => x.itemCode)).toEqual(["PR-B"]);
    expect(await listRuleSamples({ scope: "global", key: "" })).toEqual([]);
  });
});
