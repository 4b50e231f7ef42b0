import { beforeAll, describe, expect, it } from "vitest";
import { pageSize } from "@/lib/catalog/browse-params";
import { listFamilies } from "@/lib/catalog/queries";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

const slugs = (r: { items: { slug: string }[] }) => r.items.map((p) => p.slug);

beforeAll(async () => {
  await createProducts([
    { itemCode: "ZZ-CONTAINS", brandName: "Superstream", productName: "Superstream Voucher" },
    { itemCode: "ZZ-PREFIX", brandName: "Streamly", productName: "Streamly Card" },
    { itemCode: "STREAM", brandName: "Other", productName: "Other Card" },
    { itemCode: "ZZ-NAME", brandName: "Acme", productName: "Acme Stream Pass" },
    { itemCode: "ZZ-NONE", brandName: "Unrelated", productName: "Unrelated Card" },
    { itemCode: "PCT", brandName: "Percent", productName: "100% Card" },
    // Steam as the upstream sells it: every value in three regions, product_family naming the region.
    ...["US", "EU", "UK"].flatMap((region) =>
      ["5", "10", "20", "50", "100"].map((v) => ({
        itemCode: `STEAM-${region}-${v}`,
        brandName: "Steam",
        productName: `Steam ${v} ${region}`,
        productType: "game_card",
        productFamily: `Steam ${region}`,
        region,
        faceValue: v,
      })),
    ),
  ]);
  // 30 more families to paginate across relevance tiers.
  await createProducts(
    Array.from({ length: 30 }, (_, i) => ({
      itemCode: `PAGE-${String(i).padStart(2, "0")}`,
      brandName: `Pager ${String(i).padStart(2, "0")}`,
      productName: i < 3 ? "Pagerbulk Card" : "Bulk Pager Card",
      faceValue: String(i + 1),
    })),
  );
});

describe("search", () => {
  it("shows one Steam tile for fifteen Steam SKUs in three regions", async () => {
    const result = await listFamilies({ q: "steam" });
    expect(slugs(result)).toEqual(["steam-game-card"]);
    expect(result.total).toBe(1);
    expect(result.items[0]).toMatchObject({ name: "Steam", regions: ["EU", "UK", "US"], valueCount: 15 });
  });

  it("matches product name, brand and item code case-insensitively", async () => {
    expect(slugs(await listFamilies({ q: "unrelated" }))).toEqual(["unrelated-gift-card"]);
    expect(slugs(await listFamilies({ q: "ACME" }))).toEqual(["acme-gift-card"]);
    expect(slugs(await listFamilies({ q: "zz-none" }))).toEqual(["unrelated-gift-card"]);
    expect(slugs(await listFamilies({ q: "STEAM-EU-20" }))).toEqual(["steam-game-card"]);
  });

  it("orders families by their best match: exact item code, then a word starting with the query, then contains", async () => {
    const result = await listFamilies({ q: "stream" });
    expect(slugs(result)).toEqual(["other-gift-card", "acme-gift-card", "streamly-gift-card", "superstream-gift-card"]);
    expect(result.total).toBe(4);
  });

  it("uses the chosen sort instead of relevance when one is given", async () => {
    const result = await listFamilies({ q: "stream", sort: "brand" });
    expect(slugs(result)).toEqual(["acme-gift-card", "other-gift-card", "streamly-gift-card", "superstream-gift-card"]);
  });

  it("does not treat % in a query as match-anything", async () => {
    expect(slugs(await listFamilies({ q: "100% c" }))).toEqual(["percent-gift-card"]);
    expect(slugs(await listFamilies({ q: "x%y" }))).toEqual([]);
  });

  it("paginates families across relevance tiers without gaps or repeats", async () => {
    const first = await listFamilies({ q: "bulk", page: 1 });
    const second = await listFamilies({ q: "bulk", page: 2 });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(pageSize);
    expect(second.items).toHaveLength(30 - pageSize);
    const all = [...slugs(first), ...slugs(second)];
    expect(new Set(all).size).toBe(30);
    // Names starting with "bulk" (Pager 03..29) come before the contains-only "Pagerbulk" (Pager 00..02).
    expect(slugs(first)[0]).toBe("pager-03-gift-card");
    expect(slugs(second)).toEqual([
      "pager-27-gift-card",
      "pager-28-gift-card",
      "pager-29-gift-card",
      "pager-00-gift-card",
      "pager-01-gift-card",
      "pager-02-gift-card",
    ]);
  });

  it("returns an empty page past the last one, with the true total", async () => {
    const result = await listFamilies({ q: "bulk", page: 9 });
    expect(result.items).toEqual([]);
    expect(result.total).toBe(30);
  });
});
