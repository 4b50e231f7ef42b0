// Issue 14 item 10: right after the first catalog sync the home page said "The catalog is being
// prepared" for about 30 s, because the home read was memoised by time alone. Catalog reads are
// now keyed by the catalog version, which the sync (and every staff edit) moves on.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getHomeData, listCategories, listProductTypes } from "@/lib/catalog/queries";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { updateProductFlags } from "@/lib/admin/catalog/product-flags";
import { actAs, createUsers } from "../admin-catalog/staff-session";
import { startSyncHarness } from "./sync-harness";

let h: ReturnType<typeof startSyncHarness>;

beforeAll(() => {
  // The production memo lifetimes (tests otherwise read straight through).
  vi.stubEnv("NODE_ENV", "production");
  resetEnvForTests();
  h = startSyncHarness({ catalogSize: 80 });
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  h.close();
});

describe("cached catalog reads follow the catalog at once", () => {
  it("shows the catalog on the home page right after the first sync", async () => {
    expect((await getHomeData()).types).toEqual([]);
    expect(await listProductTypes()).toEqual([]);
    expect(await listCategories()).toEqual([]);
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps);
    expect(run.status).toBe("succeeded");
    expect((await getHomeData()).types.length).toBeGreaterThan(0);
    expect((await listProductTypes()).length).toBeGreaterThan(0);
    expect((await listCategories()).length).toBeGreaterThan(0);
  });

  it("drops a family hidden by staff from the cached home at once", async () => {
    const users = await createUsers();
    actAs(users, "staff");
    const home = await getHomeData();
    const first = home.bestSellers.items[0]!;
    const skus = await db.product.findMany({
      where: { familySlug: first.slug, listed: true, hidden: false },
      select: { id: true },
    });
    for (const s of skus) expect((await updateProductFlags({ productId: s.id, hidden: true })).ok).toBe(true);
    expect((await getHomeData()).bestSellers.items.map((f) => f.slug)).not.toContain(first.slug);
  });
});
