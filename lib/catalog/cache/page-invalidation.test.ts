import { describe, expect, it } from "vitest";
import { registry } from "@/lib/http/page-cache/registry.cjs";
import { createCatalogWatcher } from "./page-invalidation";
import type { CatalogStamps } from "./stamps";

const stamps = (version: number, changed: string[] = []): CatalogStamps => ({ version, scope: () => 0, changed });

describe("the catalog watcher", () => {
  it("drops the pages a change touched even when reading the product types then fails", async () => {
    const dropped: string[][] = [];
    const listen = (tags: string[]) => void dropped.push(tags);
    registry().invalidators.add(listen);
    try {
      const versions = [stamps(1), stamps(2, ["family:steam"])];
      let typeReads = 0;
      const check = createCatalogWatcher(
        async () => versions.shift()!,
        async () => {
          typeReads += 1;
          if (typeReads > 1) throw new Error("database unavailable");
          return "gift_card";
        },
      );
      await check();
      await expect(check()).rejects.toThrow("database unavailable");
      expect(dropped.flat()).toEqual(expect.arrayContaining(["catalog", "family:steam"]));
    } finally {
      registry().invalidators.delete(listen);
    }
  });
});
