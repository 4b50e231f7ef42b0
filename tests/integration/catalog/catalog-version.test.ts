// The catalog version moves with every change shoppers can see, in the same transaction, and
// only then: what is derived from the catalog (search vocabulary, caches) is keyed by it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { updateProductFlags } from "@/lib/admin/catalog/product-flags";
import { savePricingRule } from "@/lib/admin/pricing/rule-actions";
import { runCatalogSync } from "@/lib/catalog/sync";
import { readCatalogVersion } from "@/lib/catalog/catalog-version";
import { searchCatalog } from "@/lib/catalog/search/search-catalog";
import { seedDefaults } from "@/lib/seed";
import { actAs, createUsers } from "../admin-catalog/staff-session";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 120 });
let users: Awaited<ReturnType<typeof createUsers>>;

beforeAll(async () => {
  await seedDefaults();
  users = await createUsers();
  actAs(users, "staff");
});
afterAll(() => {
  setSessionOverrideForTests(undefined);
  h.close();
});

describe("the catalog version", () => {
  it("moves once per sync that changed the catalog, and not for an idle or failed one", async () => {
    expect(await readCatalogVersion()).toBe(0);
    expect((await runCatalogSync({ kind: "full", trigger: "startup" }, h.deps)).status).toBe("succeeded");
    expect(await readCatalogVersion()).toBe(1);

    h.sandbox.control.advanceTime(5 * 60_000);
    expect((await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps)).status).toBe("succeeded");
    expect((await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps)).status).toBe("succeeded");
    expect(await readCatalogVersion()).toBe(1);

    const [code] = (await db.product.findMany({ where: { listed: true, productType: { not: "test" } }, take: 1 })).map(
      (p) => p.itemCode,
    );
    h.sandbox.control.publishChanges({ priceChanges: { [code]: "99.00" } });
    h.state.failPages.add(1);
    expect((await runCatalogSync({ kind: "delta", trigger: "schedule" }, { ...h.deps, maxRetries: 0 })).status).toBe(
      "failed",
    );
    h.state.failPages.clear();
    expect(await readCatalogVersion()).toBe(1);

    h.sandbox.control.advanceTime(5 * 60_000);
    expect(await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps)).toMatchObject({
      status: "succeeded",
      updated: 1,
    });
    expect(await readCatalogVersion()).toBe(2);
  });

  it("moves when staff hide a product or change a pricing rule", async () => {
    const product = await db.product.findFirstOrThrow({ where: { listed: true, productType: { not: "test" } } });
    const before = await readCatalogVersion();
    expect((await updateProductFlags({ productId: product.id, hidden: true })).ok).toBe(true);
    expect(await readCatalogVersion()).toBe(before + 1);

    const rule = await db.pricingRule.findUniqueOrThrow({ where: { scope_key: { scope: "global", key: "" } } });
    const saved = await savePricingRule({
      id: rule.id,
      scope: "global",
      key: "",
      markupPercent: "30",
      fixedFee: "0",
      rounding: "none",
      minMarginPercent: "0",
      minMarginAmount: "0",
    });
    expect(saved.ok).toBe(true);
    expect(await readCatalogVersion()).toBeGreaterThan(before + 1);
  });

  it("rebuilds the search vocabulary when it moves, so a hidden brand is no longer a correction", async () => {
    const visible = await db.product.findMany({
      where: { listed: true, hidden: false, productType: { not: "test" } },
      select: { id: true, brandName: true },
    });
    const brand = [...new Set(visible.map((p) => p.brandName))].find((b) => /^[A-Za-z]{5,}$/.test(b));
    expect(brand, "a one-word brand of 5+ letters").toBeDefined();
    const word = brand!.toLowerCase();
    const typo = word.slice(0, 2) + word[3] + word[2] + word.slice(4);
    expect(await searchCatalog(typo)).toMatchObject({ correctedFrom: typo, searched: word });

    for (const p of visible.filter((v) => v.brandName === brand))
      expect((await updateProductFlags({ productId: p.id, hidden: true })).ok).toBe(true);
    expect(await searchCatalog(typo)).toMatchObject({ hits: [], correctedFrom: null });
  });
});
