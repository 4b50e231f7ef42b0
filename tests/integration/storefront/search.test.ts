import { beforeAll, describe, expect, it } from "vitest";
import { pageSize } from "@/lib/catalog/browse-params";
import { listProducts } from "@/lib/catalog/queries";
import { createProducts } from "@/tests/helpers/catalog-fixtures";

const codes = (r: { items: { itemCode: string }[] }) => r.items.map((p) => p.itemCode);

beforeAll(async () => {
  await createProducts([
    { itemCode: "ZZ-CONTAINS", brandName: "Superstream", productName: "Superstream Voucher" },
    { itemCode: "ZZ-PREFIX", brandName: "Streamly", productName: "Streamly Card" },
    { itemCode: "STREAM", brandName: "Other", productName: "Other Card" },
    { itemCode: "ZZ-NAME", brandName: "Acme", productName: "Acme Stream Pass" },
    { itemCode: "ZZ-NONE", brandName: "Unrelated", productName: "Unrelated Card" },
    { itemCode: "PCT", brandName: "Percent", productName: "100% Card" },
  ]);
  // 30 more matches to paginate across relevance tiers.
  await createProducts(
    Array.from({ length: 30 }, (_, i) => ({
      itemCode: `PAGE-${String(i).padStart(2, "0")}`,
      brandName: "Pager",
      productName: i < 3 ? "Pagerbulk Card" : "Bulk Pager Card",
      faceValue: String(i + 1),
    })),
  );
});

describe("search", () => {
  it("matches product name, brand and item code case-insensitively", async () => {
    expect(codes(await listProducts({ q: "unrelated" }))).toEqual(["ZZ-NONE"]);
    expect(codes(await listProducts({ q: "ACME" }))).toEqual(["ZZ-NAME"]);
    expect(codes(await listProducts({ q: "zz-none" }))).toEqual(["ZZ-NONE"]);
  });

  it("orders by relevance: exact item code, then a word starting with the query, then contains", async () => {
    const result = await listProducts({ q: "stream" });
    expect(codes(result)).toEqual(["STREAM", "ZZ-NAME", "ZZ-PREFIX", "ZZ-CONTAINS"]);
    expect(result.total).toBe(4);
  });

  it("uses the chosen sort instead of relevance when one is given", async () => {
    const result = await listProducts({ q: "stream", sort: "brand" });
    expect(codes(result)).toEqual(["ZZ-NAME", "STREAM", "ZZ-PREFIX", "ZZ-CONTAINS"]);
  });

  it("does not treat % in a query as match-anything", async () => {
    expect(codes(await listProducts({ q: "100%" }))).toEqual(["PCT"]);
    expect(codes(await listProducts({ q: "x%y" }))).toEqual([]);
  });

  it("paginates relevance results across tiers without gaps or repeats", async () => {
    const first = await listProducts({ q: "bulk", page: 1 });
    const second = await listProducts({ q: "bulk", page: 2 });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(pageSize);
    expect(second.items).toHaveLength(30 - pageSize);
    const all = [...codes(first), ...codes(second)];
    expect(new Set(all).size).toBe(30);
    // Names starting with "bulk" (PAGE-03..29, by value) come before the contains-only "Pagerbulk" (PAGE-00..02).
    expect(codes(first)[0]).toBe("PAGE-03");
    expect(codes(second)).toEqual(["PAGE-27", "PAGE-28", "PAGE-29", "PAGE-00", "PAGE-01", "PAGE-02"]);
  });

  it("returns an empty page past the last one, with the true total", async () => {
    const result = await listProducts({ q: "bulk", page: 9 });
    expect(result.items).toEqual([]);
    expect(result.total).toBe(30);
  });
});
