// The search index never disagrees with the product table: after a full sync, a delta (price
// changes), a rename and a removal, on SQLite (the FTS table, row by row) and on PostgreSQL
// (through what the search finds).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { dbProvider, Prisma } from "@/lib/db";
import { ensureSearchIndex, findSearchIndexDrift } from "@/lib/catalog/search/index-drift";
import { searchCatalog } from "@/lib/catalog/search/search-catalog";
import { runCatalogSync } from "@/lib/catalog/sync";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 250 });
const later = () => h.sandbox.control.advanceTime(5 * 60_000);

/** Every visible product is found by its item code (first) and by its brand; nothing else is. */
async function expectIndexAgrees() {
  expect(await findSearchIndexDrift()).toEqual({ missing: [], stale: [], orphans: 0 });
  const visible = await db.product.findMany({
    where: { listed: true, hidden: false, productType: { not: "test" } },
    select: { id: true, itemCode: true, brandName: true },
  });
  const brands = new Map<string, Set<string>>();
  for (const p of visible) brands.set(p.brandName, (brands.get(p.brandName) ?? new Set()).add(p.id));
  for (const [brand, ids] of brands) {
    const found = new Set((await searchCatalog(brand)).hits.map((hit) => hit.id));
    for (const id of ids) expect(found.has(id), `${brand}: ${id}`).toBe(true);
  }
  for (const p of visible.filter((_, i) => i % 25 === 0))
    expect((await searchCatalog(p.itemCode)).hits[0]?.itemCode).toBe(p.itemCode);
}

beforeAll(async () => {
  expect((await runCatalogSync({ kind: "full", trigger: "startup" }, h.deps)).status).toBe("succeeded");
});
afterAll(() => h.close());

describe("the search index follows the product table", () => {
  it("after a full sync", async () => {
    await expectIndexAgrees();
  });

  it("after a delta of price changes, a rename and a removal", async () => {
    const rows = await db.product.findMany({
      where: { listed: true, productType: { not: "test" } },
      orderBy: { itemCode: "asc" },
      take: 3,
      skip: 40,
    });
    const [priced, renamed, removed] = rows.map((r) => r.itemCode);
    later();
    h.sandbox.control.publishChanges({
      priceChanges: { [priced]: "12.34" },
      rename: { [renamed]: `${renamed}-RENAMED` },
      unpublish: [removed],
    });
    later();
    expect(await runCatalogSync({ kind: "delta", trigger: "schedule" }, h.deps)).toMatchObject({
      status: "succeeded",
      added: 1,
      removed: 2,
    });

    await expectIndexAgrees();
    expect((await searchCatalog(`${renamed}-renamed`)).hits.map((x) => x.itemCode)).toEqual([`${renamed}-RENAMED`]);
    expect((await searchCatalog(renamed)).hits.map((x) => x.itemCode)).not.toContain(renamed);
    expect((await searchCatalog(removed)).hits.map((x) => x.itemCode)).not.toContain(removed);
    expect((await searchCatalog(priced)).hits[0]).toMatchObject({ itemCode: priced, tier: 0 });
  });

  it("after a second full sync, which keeps removed SKUs out", async () => {
    const gone = await db.product.findFirstOrThrow({
      where: { listed: false, itemCode: { not: { endsWith: "-RENAMED" } }, productType: { not: "test" } },
    });
    expect((await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps)).status).toBe("succeeded");
    await expectIndexAgrees();
    expect((await searchCatalog(gone.itemCode)).hits.map((x) => x.itemCode)).not.toContain(gone.itemCode);
  });

  it.runIf(dbProvider === "sqlite")("finds and repairs an index that drifted (dropped rows, stale text)", async () => {
    const [a, b] = await db.product.findMany({ take: 2, orderBy: { itemCode: "asc" } });
    await db.$executeRaw(
      Prisma.sql`DELETE FROM "ProductSearch" WHERE "rowid" = (SELECT "rowid" FROM "Product" WHERE "id" = ${a.id})`,
    );
    await db.$executeRaw(
      Prisma.sql`UPDATE "ProductSearch" SET "searchText" = 'nothing like it' WHERE "rowid" = (SELECT "rowid" FROM "Product" WHERE "id" = ${b.id})`,
    );
    expect(await findSearchIndexDrift()).toEqual({ missing: [a.itemCode], stale: [b.itemCode], orphans: 0 });
    expect(await ensureSearchIndex()).toBe(true);
    await expectIndexAgrees();
    expect(await ensureSearchIndex()).toBe(false);
  });
});
