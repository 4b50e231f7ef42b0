// Catalog rows written before families and artwork existed get them: the start-up backfill fills
// the derived columns, and the next full sync rewrites an image URL or family that differs even
// when the upstream's updated_at did not move.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backfillDerivedCatalogColumns } from "@/lib/catalog/backfill-derived";
import { readCatalogVersion } from "@/lib/catalog/catalog-version";
import { runCatalogSync } from "@/lib/catalog/sync";
import { db } from "@/lib/db";
import { startSyncHarness } from "./sync-harness";

let h: ReturnType<typeof startSyncHarness>;
beforeAll(() => {
  h = startSyncHarness({ catalogSize: 40 });
});
afterAll(() => h.close());

describe("derived catalog columns", () => {
  it("are written by the sync: family, image key and country list", async () => {
    expect((await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps)).status).toBe("succeeded");
    const steam = await db.product.findUniqueOrThrow({ where: { itemCode: "STEAM-EU-5" } });
    expect(steam).toMatchObject({
      familySlug: "steam-game-card",
      familyName: "Steam",
      countryCodes: "|DE|ES|FR|IT|NL|",
    });
    expect(steam.imageUrl).toMatch(/\/artwork\/steam\.svg$/);
    expect(steam.imageKey).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it("are filled for old rows at start-up, and bump the catalog version", async () => {
    await db.product.updateMany({
      where: { brandName: "Steam" },
      data: { familySlug: "", familyName: "", imageKey: "", countryCodes: "" },
    });
    const version = await readCatalogVersion();
    expect(await backfillDerivedCatalogColumns()).toBeGreaterThan(0);
    expect(await db.product.count({ where: { familySlug: "" } })).toBe(0);
    expect(await readCatalogVersion()).not.toBe(version);
  });

  it("are rewritten by a full sync when they differ, though updated_at did not move", async () => {
    await db.product.update({
      where: { itemCode: "STEAM-EU-5" },
      data: { imageUrl: "https://img.sandbox.test/brands/steam.png", familySlug: "steam-eu-game-card" },
    });
    expect((await runCatalogSync({ kind: "full", trigger: "manual" }, h.deps)).status).toBe("succeeded");
    const steam = await db.product.findUniqueOrThrow({ where: { itemCode: "STEAM-EU-5" } });
    expect(steam.imageUrl).toMatch(/\/artwork\/steam\.svg$/);
    expect(steam.familySlug).toBe("steam-game-card");
  });
});
