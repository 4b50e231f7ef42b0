// Edge cases of spec 4.4 driven by a scripted upstream whose pages are written by hand.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { runCatalogSync } from "@/lib/catalog/sync";
import type { UpstreamClient } from "@/lib/upstream";
import type { CatalogPage, CatalogQuery, UpstreamProduct } from "@/lib/upstream/types";

function product(itemCode: string, updatedAt: string, over: Partial<UpstreamProduct> = {}): UpstreamProduct {
  return {
    itemCode,
    brand: "Fun & Games Co",
    productName: `Card ${itemCode}`,
    faceValue: "10.00",
    value: "10.00",
    price: "9.50",
    chargedPrice: "9.50",
    currency: "USD",
    valueUnit: null,
    denominationUnit: "USD",
    category: "Games & Apps",
    productType: "game_card",
    productFamily: null,
    denominationType: "fixed",
    redemptionInstructions: "Redeem online.",
    redemptionUrl: null,
    codeFormat: "alphanumeric",
    requiredFields: [],
    region: "US",
    countryCode: ["US", "US", "CA"],
    deliveryType: "DIGITAL",
    imageUrl: "https://img.test/x.png",
    description: "A card.",
    terms: null,
    isOffer: false,
    offerPercent: null,
    offerExpiresDate: null,
    minQuantity: 1,
    maxQuantity: 10,
    inStock: true,
    isActive: true,
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt,
    ...over,
  };
}

/** A client whose answers come from `pages` (by page number); records every query. */
function scripted(pages: CatalogPage[]) {
  const queries: CatalogQuery[] = [];
  const client = {
    catalog: async (q: CatalogQuery, o: { priority?: string }) => {
      expect(o.priority).toBe("catalog");
      queries.push(q);
      return pages[(q.page ?? 1) - 1];
    },
  } as unknown as UpstreamClient;
  return { client, queries };
}

const pagination = (currentPage: number, lastPage: number) => ({
  total: lastPage * 2,
  perPage: 2,
  currentPage,
  lastPage,
  prevPageUrl: null,
  nextPageUrl: currentPage < lastPage ? `http://u.test/catalog?page=${currentPage + 1}` : null,
});
const deps = { sleep: async () => {}, perPage: 2 };

describe("catalog sync against scripted pages", () => {
  it("asks for test SKUs, sorted and paged, and keeps the newest copy of a SKU seen twice", async () => {
    const s = scripted([
      {
        products: [
          product("A-1", "2026-02-01T00:00:00Z", {
            isOffer: true,
            offerPercent: "5.5",
            inStock: false,
            requiredFields: [{ key: "player_id", label: "Player ID", type: "string", required: true, maxLength: 20 }],
          }),
          product("B-1", "2026-02-02T00:00:00Z"),
        ],
        pagination: pagination(1, 2),
      },
      {
        products: [product("B-1", "2026-02-05T00:00:00Z", { price: "8.00", chargedPrice: "8.00" })],
        pagination: pagination(2, 2),
      },
    ]);
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, { ...deps, client: s.client });
    // The latest change is long past: the cursor moves 1 ms beyond it (next-cursor.ts).
    expect(run).toMatchObject({ status: "succeeded", added: 2, pages: 2, cursorTo: "2026-02-05T00:00:00.001Z" });
    expect(s.queries[0]).toMatchObject({ page: 1, perPage: 2, includeTest: true, updatedSince: undefined });
    const b = await db.product.findUniqueOrThrow({
      where: { itemCode: "B-1" },
      include: { countries: true, brand: true, category: true },
    });
    expect(b.price.toFixed(2)).toBe("8.00");
    expect(b.countries.map((c) => c.countryCode).sort()).toEqual(["CA", "US"]);
    expect(b.brand.slug).toBe("fun-and-games-co");
    expect(b.category.slug).toBe("games-and-apps");
    expect(b).toMatchObject({
      isOffer: false,
      inStock: true,
      terms: null,
      offerPercent: null,
      listed: true,
      hidden: false,
    });
    const a = await db.product.findUniqueOrThrow({ where: { itemCode: "A-1" } });
    expect(a).toMatchObject({ isOffer: true, inStock: false, upstreamUpdatedAt: new Date("2026-02-01T00:00:00Z") });
    expect(a.offerPercent?.toString()).toBe("5.5");
    expect(JSON.parse(a.requiredFields)).toEqual([
      { key: "player_id", label: "Player ID", type: "string", required: true, maxLength: 20 },
    ]);
  });

  it("dedupes removed repeated on every page and takes the cursor from removed when it is newest", async () => {
    const removed = [{ itemCode: "A-1", updatedAt: "2026-03-09T00:00:00Z" }];
    const s = scripted([
      { products: [product("C-1", "2026-03-01T00:00:00Z")], removed, pagination: pagination(1, 2) },
      { products: [product("D-1", "2026-03-02T00:00:00Z")], removed, pagination: pagination(2, 2) },
    ]);
    const run = await runCatalogSync({ kind: "delta", trigger: "manual" }, { ...deps, client: s.client });
    expect(run).toMatchObject({
      kind: "delta",
      status: "succeeded",
      added: 2,
      removed: 1,
      cursorFrom: "2026-02-05T00:00:00.001Z",
      cursorTo: "2026-03-09T00:00:00.001Z",
    });
    expect(s.queries.map((q) => q.updatedSince)).toEqual(["2026-02-05T00:00:00.001Z", "2026-02-05T00:00:00.001Z"]);
    expect(await db.product.findUniqueOrThrow({ where: { itemCode: "A-1" } })).toMatchObject({ listed: false });
  });

  it("relists a SKU republished after it was removed, and keeps a newer removal over an older listing", async () => {
    const s = scripted([
      {
        products: [product("A-1", "2026-03-10T00:00:00Z"), product("C-1", "2026-03-01T00:00:00Z")],
        removed: [
          { itemCode: "A-1", updatedAt: "2026-03-09T00:00:00Z" },
          { itemCode: "C-1", updatedAt: "2026-03-11T00:00:00Z" },
        ],
        pagination: pagination(1, 1),
      },
    ]);
    const run = await runCatalogSync({ kind: "delta", trigger: "manual" }, { ...deps, client: s.client });
    expect(run).toMatchObject({ status: "succeeded", updated: 1, removed: 1 });
    expect(await db.product.findUniqueOrThrow({ where: { itemCode: "A-1" } })).toMatchObject({
      listed: true,
      removedAt: null,
    });
    expect(await db.product.findUniqueOrThrow({ where: { itemCode: "C-1" } })).toMatchObject({ listed: false });
  });

  it("never deletes a hidden SKU, so orders keep pointing at it", async () => {
    const s = scripted([{ products: [product("D-1", "2026-03-02T00:00:00Z")], pagination: pagination(1, 1) }]);
    const run = await runCatalogSync({ kind: "full", trigger: "manual" }, { ...deps, client: s.client });
    expect(run).toMatchObject({ status: "succeeded", removed: 2 });
    expect(await db.product.count()).toBe(4);
    expect(await db.product.count({ where: { listed: true } })).toBe(1);
  });
});
