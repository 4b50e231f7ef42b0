// Cached listings are keyed by the version of the scope they show (a product type, brand,
// category or family) or, for a search, by the catalog version. Two instances over one database
// (two stamp readers, each with its own memory, as two processes have) must both see a change at
// once, and only for the listings it touched: a sync, a staff flag and a re-price each move the
// stamps of the changed products' scopes and of nothing else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { updateProductFlags } from "@/lib/admin/catalog/product-flags";
import { savePricingRule } from "@/lib/admin/pricing/rule-actions";
import { createStampReader, type CatalogStamps } from "@/lib/catalog/cache/stamps";
import { markScopesPending } from "@/lib/catalog/catalog-version";
import { readFamilyPage } from "@/lib/catalog/queries";
import { productScopes, type ScopedProduct } from "@/lib/catalog/scopes";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { seedDefaults } from "@/lib/seed";
import { actAs, createUsers } from "../admin-catalog/staff-session";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 160 });
const later = () => h.sandbox.control.advanceTime(5 * 60_000);
const instances = [createStampReader(), createStampReader()];
const scopeSelect = {
  id: true,
  itemCode: true,
  productType: true,
  brandId: true,
  categoryId: true,
  familySlug: true,
  price: true,
} as const;
type Row = ScopedProduct & { id: string; itemCode: string };

let changed: Row;
let untouched: Row;

/** Each instance's stamps of `rows`' scopes, and its catalog version. */
async function stampsOf(rows: Row[]) {
  return Promise.all(
    instances.map(async (read) => {
      const s: CatalogStamps = await read();
      return {
        version: s.version,
        ...Object.fromEntries(rows.flatMap((r) => productScopes(r).map((k) => [k, s.scope(k)]))),
      } as Record<string, number>;
    }),
  );
}

/** Keys whose stamp moved between two readings of the same instance. */
const moved = (before: Record<string, number>, after: Record<string, number>) =>
  Object.keys(after)
    .filter((k) => after[k] !== before[k])
    .sort();

beforeAll(async () => {
  await seedDefaults();
  actAs(await createUsers(), "staff");
  expect((await runCatalogSync({ kind: "full", trigger: "startup" }, h.deps)).status).toBe("succeeded");
  const rows = await db.product.findMany({
    where: { listed: true, hidden: false, productType: { not: "test" } },
    select: scopeSelect,
    orderBy: { itemCode: "asc" },
  });
  changed = rows[0];
  // A product sharing none of its four scopes.
  untouched = rows.find((r) => productScopes(r).every((k) => !productScopes(changed).includes(k)))!;
  expect(untouched, "two products with no scope in common").toBeDefined();
});
afterAll(() => {
  setSessionOverrideForTests(undefined);
  h.close();
});

describe("a catalog change reaches exactly the listings it touched, on every instance", () => {
  it("a delta sync that re-prices one SKU moves its type, brand, category and family, and the catalog version", async () => {
    const before = await stampsOf([changed, untouched]);
    const price = (await db.product.findUniqueOrThrow({ where: { id: changed.id }, select: { price: true } })).price;
    later();
    h.sandbox.control.publishChanges({ priceChanges: { [changed.itemCode]: price.plus(3).toFixed(2) } });
    later();
    expect(await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps)).toMatchObject({
      status: "succeeded",
      updated: 1,
    });

    const after = await stampsOf([changed, untouched]);
    for (const i of [0, 1]) expect(moved(before[i], after[i])).toEqual(["version", ...productScopes(changed)].sort());
    // Both instances agree on every stamp.
    expect(after[0]).toEqual(after[1]);
  });

  it("an idle delta moves nothing", async () => {
    const before = await stampsOf([changed, untouched]);
    later();
    expect(await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps)).toMatchObject({
      status: "succeeded",
      added: 0,
      updated: 0,
      removed: 0,
    });
    expect(await stampsOf([changed, untouched])).toEqual(before);
  });

  it("a staff flag moves the flagged product's scopes only, and its family page drops it at once", async () => {
    const skus = async () =>
      ((await readFamilyPage(untouched.familySlug))?.regions ?? []).reduce((n, r) => n + r.valueCount, 0);
    const shown = await skus();
    const before = await stampsOf([changed, untouched]);
    expect((await updateProductFlags({ productId: untouched.id, hidden: true })).ok).toBe(true);
    const after = await stampsOf([changed, untouched]);
    for (const i of [0, 1]) expect(moved(before[i], after[i])).toEqual(["version", ...productScopes(untouched)].sort());
    expect(await skus()).toBe(shown - 1);
  });

  it("a pricing rule for one brand moves exactly the scopes of that brand's products", async () => {
    const all = await db.product.findMany({
      where: { listed: true, productType: { not: "test" } },
      select: { ...scopeSelect, brandName: true },
    });
    const brand = all.find((p) => p.id === changed.id)!.brandName;
    const before = await stampsOf(all);
    const saved = await savePricingRule({
      scope: "brand",
      key: brand,
      markupPercent: "40",
      fixedFee: "0",
      rounding: "none",
      minMarginPercent: "0",
      minMarginAmount: "0",
    });
    expect(saved.ok).toBe(true);
    const after = await stampsOf(all);
    const expected = new Set(["version", ...all.filter((p) => p.brandName === brand).flatMap(productScopes)]);
    for (const i of [0, 1]) expect(moved(before[i], after[i])).toEqual([...expected].sort());
  });

  it("a sync whose chunks were written but never switched (a crash) is committed by the next switch", async () => {
    const before = await stampsOf([changed, untouched]);
    // What a chunk leaves behind when its run dies before the switch: rows written, scopes pending.
    await db.$transaction(async (tx) => {
      await tx.product.update({ where: { id: changed.id }, data: { shopPrice: { increment: 1 } } });
      await markScopesPending(tx, productScopes(changed));
    });
    expect(await stampsOf([changed, untouched]), "nothing moves before a switch").toEqual(before);
    later();
    expect((await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps)).status).toBe("succeeded");
    const after = await stampsOf([changed, untouched]);
    for (const i of [0, 1]) expect(moved(before[i], after[i])).toEqual(["version", ...productScopes(changed)].sort());
    expect(await db.catalogScope.count({ where: { pending: true } })).toBe(0);
  });
});
