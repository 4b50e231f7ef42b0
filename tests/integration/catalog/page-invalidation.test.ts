// Cached catalog pages (docs/storefront.md#cached-catalog-pages) are dropped on every instance
// exactly when a change touches what they show: each instance's watcher reads the catalog
// version and names the touched scopes; the instance that made a change has dropped them before
// its action answers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { updateProductFlags } from "@/lib/admin/catalog/product-flags";
import { deleteSearchSynonym, saveSearchSynonym } from "@/lib/admin/search-synonyms/actions";
import { createCatalogWatcher } from "@/lib/catalog/cache/page-invalidation";
import { catalogTag, productTypesTag } from "@/lib/catalog/cache/page-tag-names";
import { createStampReader } from "@/lib/catalog/cache/stamps";
import { familyScopeKey, productScopes } from "@/lib/catalog/scopes";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { registry } from "@/lib/http/page-cache/registry.cjs";
import { seedDefaults } from "@/lib/seed";
import { actAs, createUsers, type Who } from "../admin-catalog/staff-session";
import { startSyncHarness } from "./sync-harness";

const h = startSyncHarness({ catalogSize: 160 });
const dropped: string[][] = [];
const record = (tags: string[]) => void dropped.push(tags);
let users: Awaited<ReturnType<typeof createUsers>>;
const as = (who: Who) => actAs(users, who);

beforeAll(async () => {
  await seedDefaults();
  users = await createUsers();
  as("staff");
  expect((await runCatalogSync({ kind: "full", trigger: "startup" }, h.deps)).status).toBe("succeeded");
  registry().invalidators.add(record);
});
afterAll(() => {
  registry().invalidators.delete(record);
  setSessionOverrideForTests(undefined);
  h.close();
});

describe("cached catalog pages follow the catalog", () => {
  it("a staff flag drops its product's family and type pages and the whole-catalog ones, on every instance, and no other family's", async () => {
    const [mine, other] = [createCatalogWatcher(createStampReader()), createCatalogWatcher(createStampReader())];
    expect(await mine()).toEqual([]);
    expect(await other()).toEqual([]);
    const rows = await db.product.findMany({
      where: { listed: true, hidden: false, productType: { not: "test" } },
      select: { id: true, productType: true, brandId: true, categoryId: true, familySlug: true },
      orderBy: { itemCode: "asc" },
    });
    const flagged = rows[0];
    const elsewhere = rows.find((r) => r.familySlug !== flagged.familySlug)!;

    dropped.length = 0;
    expect((await updateProductFlags({ productId: flagged.id, featured: true })).ok).toBe(true);
    // This instance's caches were told before the action answered.
    expect(dropped.flat()).toEqual(expect.arrayContaining([catalogTag, familyScopeKey(flagged.familySlug)]));

    for (const check of [mine, other]) {
      const tags = await check();
      expect(tags).toEqual(expect.arrayContaining([catalogTag, ...productScopes(flagged)]));
      expect(tags).not.toContain(familyScopeKey(elsewhere.familySlug));
      // The product types the header lists did not change.
      expect(tags).not.toContain(productTypesTag);
      expect(await check()).toEqual([]);
    }
  });

  it("a synonym an owner saves or deletes drops this instance's search pages before the action answers", async () => {
    as("owner");
    try {
      dropped.length = 0;
      const saved = await saveSearchSynonym({ language: "en", term: "voucher", expandsTo: "gift card" });
      expect(saved).toMatchObject({ ok: true });
      expect(dropped.flat()).toContain(catalogTag);

      dropped.length = 0;
      const row = await db.searchSynonym.findFirstOrThrow({ where: { term: "voucher" } });
      expect(await deleteSearchSynonym({ id: row.id })).toMatchObject({ ok: true });
      expect(dropped.flat()).toContain(catalogTag);
    } finally {
      as("staff");
    }
  });
});
