import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { updateProductFlags } from "@/lib/admin/catalog/product-flags";
import { startCatalogSync } from "@/lib/admin/catalog/start-sync";
import { deletePricingRule, savePricingRule } from "@/lib/admin/pricing/rule-actions";
import { updateShopSettings } from "@/lib/admin/settings/update-settings";
import { testUpstreamConnection } from "@/lib/admin/settings/connection-test";
import { seedDefaults } from "@/lib/seed";
import { createProduct } from "../../helpers/catalog-fixtures";
import { actAs, createUsers, type Who } from "./staff-session";

let users: Awaited<ReturnType<typeof createUsers>>;
let productId: string;
let ruleId: string;
const launched: Promise<unknown>[] = [];

beforeAll(async () => {
  await seedDefaults();
  users = await createUsers();
  productId = (await createProduct({ itemCode: "GUARD-1" })).id;
  ruleId = (await db.pricingRule.create({ data: { scope: "brand", key: "Acme", markupPercent: "20" } })).id;
});
afterAll(() => setSessionOverrideForTests(undefined));

const rule = {
  scope: "brand",
  key: "Other",
  markupPercent: "5",
  fixedFee: "0",
  rounding: "none",
  minMarginPercent: "0",
  minMarginAmount: "0",
};

// Each action with valid input, and who is allowed to run it (everyone else must be refused).
const actions: { name: string; allowed: Who[]; run: () => Promise<ActionState> }[] = [
  {
    name: "updateProductFlags",
    allowed: ["staff", "owner"],
    run: () => updateProductFlags({ productId, hidden: true }),
  },
  { name: "savePricingRule", allowed: ["staff", "owner"], run: () => savePricingRule(rule) },
  { name: "deletePricingRule", allowed: ["staff", "owner"], run: () => deletePricingRule({ id: ruleId }) },
  {
    name: "startCatalogSync",
    allowed: ["staff", "owner"],
    run: () => startCatalogSync({ kind: "delta" }, { launch: (p) => void launched.push(p.catch(() => {})) }),
  },
  {
    name: "updateShopSettings",
    allowed: ["owner"],
    run: () => updateShopSettings({ shopName: "X", currencyDisplay: "code", lowBalanceThreshold: "5" }),
  },
  { name: "testUpstreamConnection", allowed: ["staff", "owner"], run: () => testUpstreamConnection({}) },
];

describe("admin actions refuse callers without the permission", () => {
  for (const action of actions) {
    for (const who of ["signed-out", "shopper", "support", "staff"] as Who[]) {
      if (action.allowed.includes(who)) continue;
      it(`${action.name} is refused ${who === "signed-out" ? "when signed out" : `for a ${who}`} and changes nothing`, async () => {
        actAs(users, who);
        const auditsBefore = await db.auditLog.count();
        const [product, rules, settings, runs] = await Promise.all([
          db.product.findUniqueOrThrow({ where: { id: productId } }),
          db.pricingRule.count(),
          db.setting.count(),
          db.syncRun.count(),
        ]);

        const result = await action.run();

        expect(result.ok).toBe(false);
        expect(result.ok ? "" : result.message).toMatch(who === "signed-out" ? /sign in/i : /not allowed/i);
        expect(await db.auditLog.count()).toBe(auditsBefore);
        expect(await db.product.findUniqueOrThrow({ where: { id: productId } })).toEqual(product);
        expect(await db.pricingRule.count()).toBe(rules);
        expect(await db.setting.count()).toBe(settings);
        expect(await db.syncRun.count()).toBe(runs);
        expect(launched).toHaveLength(0);
      });
    }
  }

  it("rejects extra keys in an allowed caller's input (strict schemas)", async () => {
    actAs(users, "owner");
    const result = await updateProductFlags({ productId, hidden: true, listed: false });
    expect(result.ok).toBe(false);
    expect((await db.product.findUniqueOrThrow({ where: { id: productId } })).hidden).toBe(false);
    const settings = await updateShopSettings({
      shopName: "X",
      currencyDisplay: "code",
      lowBalanceThreshold: "5",
      currency: "EUR",
    });
    expect(settings.ok).toBe(false);
  });
});
