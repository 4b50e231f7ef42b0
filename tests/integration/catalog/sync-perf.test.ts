// Measures a 50,000-SKU full sync and a full re-sync where every price changed. Opt-in
// (CATALOG_PERF=1): it takes tens of seconds on a small machine.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { runCatalogSync } from "@/lib/catalog/sync";
import type { UpstreamClient } from "@/lib/upstream";
import type { CatalogQuery, UpstreamProduct } from "@/lib/upstream/types";

const SKUS = Number(process.env.PERF_SKUS ?? 50_000);
const PER_PAGE = 100;

function makeProduct(i: number, price: string): UpstreamProduct {
  const brand = `Brand ${i % 150}`;
  return {
    itemCode: `SKU-${String(i).padStart(6, "0")}`,
    brand,
    productName: `${brand} card ${i}`,
    faceValue: "25.00",
    value: "25.00",
    price,
    chargedPrice: price,
    currency: "USD",
    valueUnit: null,
    denominationUnit: "USD",
    category: `Shelf ${i % 12}`,
    productType: i % 5 === 0 ? "direct_top_up" : "gift_card",
    productFamily: null,
    denominationType: "fixed",
    redemptionInstructions: "Redeem at the store.",
    redemptionUrl: null,
    codeFormat: "alphanumeric",
    requiredFields: [],
    region: "US",
    countryCode: ["US", "CA"],
    deliveryType: "DIGITAL",
    imageUrl: "https://img.test/p.png",
    description: "A gift card with a reasonably long description. ".repeat(4),
    terms: null,
    isOffer: false,
    offerPercent: null,
    offerExpiresDate: null,
    minQuantity: 1,
    maxQuantity: 10,
    inStock: true,
    isActive: true,
    createdAt: "2026-01-01T00:00:00Z",
    updatedAt: price === "24.00" ? "2026-02-01T00:00:00Z" : "2026-03-01T00:00:00Z",
  };
}

function bigUpstream(price: string): UpstreamClient {
  const lastPage = Math.ceil(SKUS / PER_PAGE);
  return {
    catalog: async (q: CatalogQuery) => {
      const page = q.page ?? 1;
      const products = [];
      for (let i = (page - 1) * PER_PAGE; i < Math.min(page * PER_PAGE, SKUS); i++)
        products.push(makeProduct(i, price));
      return {
        products,
        pagination: {
          total: SKUS,
          perPage: PER_PAGE,
          currentPage: page,
          lastPage,
          nextPageUrl: page < lastPage ? "next" : null,
          prevPageUrl: null,
        },
      };
    },
  } as unknown as UpstreamClient;
}

describe.runIf(process.env.CATALOG_PERF === "1")("catalog sync at 50,000 SKUs", () => {
  it("syncs 50,000 new SKUs, then re-prices all of them, each well under a minute", async () => {
    let t = performance.now();
    const first = await runCatalogSync({ kind: "full", trigger: "manual" }, { client: bigUpstream("24.00") });
    const firstS = (performance.now() - t) / 1000;
    t = performance.now();
    const second = await runCatalogSync({ kind: "full", trigger: "manual" }, { client: bigUpstream("23.00") });
    const secondS = (performance.now() - t) / 1000;
    console.log(`50k full sync: insert ${firstS.toFixed(1)}s, update all ${secondS.toFixed(1)}s`);
    expect(first).toMatchObject({ status: "succeeded", added: SKUS, upstreamCalls: SKUS / PER_PAGE });
    expect(second).toMatchObject({ status: "succeeded", updated: SKUS });
    expect(await db.productCountry.count()).toBe(SKUS * 2);
    expect(firstS).toBeLessThan(60);
    expect(secondS).toBeLessThan(60);
  }, 300_000);
});
