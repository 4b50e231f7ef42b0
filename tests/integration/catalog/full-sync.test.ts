import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { getSyncStatus, runCatalogSync } from "@/lib/catalog/sync";
import { computeUnitPrice, selectRule } from "@/lib/pricing/markup";
import { loadPricingRules } from "@/lib/pricing/rules";
import { listAllUpstream, startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 250 });
let upstream: Awaited<ReturnType<typeof listAllUpstream>>;

beforeAll(async () => {
  await db.pricingRule.create({
    data: { scope: "global", key: "", markupPercent: "8", rounding: "0.99", minMarginAmount: "0.25" },
  });
  upstream = await listAllUpstream(h);
});
afterAll(() => h.close());

describe("full catalog sync", () => {
  it("fills the catalog with every listed SKU in ceil(N/100) catalog calls", async () => {
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    expect(run).toMatchObject({
      kind: "full",
      trigger: "manual",
      status: "succeeded",
      added: upstream.length,
      updated: 0,
      removed: 0,
    });
    expect(run.finishedAt).not.toBeNull();
    expect(h.takeCalls()).toBe(Math.ceil(upstream.length / 100));
    expect(run.upstreamCalls).toBe(Math.ceil(upstream.length / 100));
    expect(run.pages).toBe(Math.ceil(upstream.length / 100));
    expect(await db.product.count({ where: { listed: true } })).toBe(upstream.length);
    expect(await db.syncStagedItem.count()).toBe(0);
  });

  it("syncs test SKUs too, flagged by their product type", async () => {
    const testSkus = upstream.filter((p) => p.productType === "test").map((p) => p.itemCode);
    expect(testSkus.length).toBeGreaterThan(0);
    expect(await db.product.count({ where: { productType: "test", itemCode: { in: testSkus } } })).toBe(
      testSkus.length,
    );
  });

  it("stores brands and categories with valid URL slugs, countries and search text", async () => {
    const brands = await db.brand.findMany();
    const categories = await db.category.findMany();
    expect(brands.length).toBe(new Set(upstream.map((p) => p.brand)).size);
    expect(categories.length).toBe(new Set(upstream.map((p) => p.category)).size);
    for (const row of [...brands, ...categories]) expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

    const sample = upstream.find((p) => p.countryCode.length > 0)!;
    const product = await db.product.findUniqueOrThrow({
      where: { itemCode: sample.itemCode },
      include: { countries: true, brand: true },
    });
    expect(product.countries.map((c) => c.countryCode).sort()).toEqual([...new Set(sample.countryCode)].sort());
    expect(product.brand.name).toBe(sample.brand);
    expect(product.searchText).toContain(sample.itemCode.toLowerCase());
    expect(product.searchText).toContain(sample.brand.toLowerCase());
  });

  it("prices every product from charged_price with the matching markup rule", async () => {
    const rules = await loadPricingRules();
    for (const p of upstream.slice(0, 40)) {
      const row = await db.product.findUniqueOrThrow({ where: { itemCode: p.itemCode } });
      const rule = selectRule(rules, { itemCode: p.itemCode, productType: p.productType, brand: p.brand });
      expect(row.shopPrice.toFixed(2)).toBe(computeUnitPrice(p.chargedPrice, rule).toFixed(2));
      expect(row.chargedPrice.toFixed(2)).toBe(Number(p.chargedPrice).toFixed(2));
    }
  });

  it("sets the cursor 1 ms past the latest updated_at in the listing, which is long past", async () => {
    const latest = upstream.reduce(
      (a, p) => (Date.parse(p.updatedAt) > Date.parse(a) ? p.updatedAt : a),
      upstream[0].updatedAt,
    );
    const cursor = await db.setting.findUniqueOrThrow({ where: { key: "catalog.cursor" } });
    expect(Date.parse(cursor.value)).toBe(Date.parse(latest) + 1);
  });

  it("reports the cursor and the last full run for the admin", async () => {
    const status = await getSyncStatus();
    expect(status.running).toBeNull();
    expect(status.lastFull).toMatchObject({ kind: "full", status: "succeeded" });
    expect(status.cursor).not.toBeNull();
    expect(status.recent.length).toBeGreaterThan(0);
  });

  it("changes nothing on a second full sync of an unchanged catalog", async () => {
    const run = await runCatalogSync({ kind: "full", trigger: "schedule" }, h.deps);
    expect(run).toMatchObject({ status: "succeeded", added: 0, updated: 0, removed: 0 });
  });

  it("stops at last_page even when the last page still carries a next_page_url", async () => {
    h.state.rewrite = (url, body) => {
      body.data.pagination.next_page_url = `http://sandbox.test/v1/catalog?page=${Number(url.searchParams.get("page")) + 1}`;
    };
    h.takeCalls();
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    h.state.rewrite = undefined;
    expect(run.status).toBe("succeeded");
    expect(h.takeCalls()).toBe(Math.ceil(upstream.length / 100));
  });

  it("stops when next_page_url is absent even before last_page, hiding SKUs it did not see", async () => {
    h.state.rewrite = (url, body) => {
      if (url.searchParams.get("page") === "2") delete body.data.pagination.next_page_url;
    };
    h.takeCalls();
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    h.state.rewrite = undefined;
    expect(run).toMatchObject({ status: "succeeded", pages: 2, removed: upstream.length - 200 });
    expect(h.takeCalls()).toBe(2);
    const hidden = await db.product.findMany({ where: { listed: false } });
    expect(hidden).toHaveLength(upstream.length - 200);
    expect(hidden.every((p) => p.removedAt !== null)).toBe(true);
  });

  it("brings hidden SKUs back when a later full listing includes them again", async () => {
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    expect(run).toMatchObject({ status: "succeeded", updated: upstream.length - 200, removed: 0 });
    expect(await db.product.count({ where: { listed: true, removedAt: null } })).toBe(upstream.length);
  });
});
