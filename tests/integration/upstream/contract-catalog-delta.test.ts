// Contract suite, part 3: the catalog delta rules (docs/upstream-contract.md#44-catalog-and-delta-sync) as the
// client sees them.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { CatalogPage, UpstreamClient } from "@/lib/upstream";
import { createHarness } from "./sandbox-client";

const t0 = Date.parse("2026-11-01T10:00:00.000Z");
const h = createHarness({ now: () => t0 });
const client = h.client();
const ctl = h.sandbox.control;
afterAll(() => h.sandbox.close());
beforeEach(() => ctl.reset());

/**
 * Reads every page of one request (rule 4) and dedupes `removed` by item code (rule 2): the rules of
 * docs/upstream-contract.md#44-catalog-and-delta-sync.
 */
async function readAll(c: UpstreamClient, updatedSince?: string, perPage = 2) {
  const pages: CatalogPage[] = [];
  for (let page = 1; ; page++) {
    const res = await c.catalog({ updatedSince, perPage, page, sortBy: "item_code" });
    pages.push(res);
    if (res.pagination.currentPage >= res.pagination.lastPage || !res.pagination.nextPageUrl) break;
  }
  const removed = new Map(pages.flatMap((p) => p.removed ?? []).map((r) => [r.itemCode, r]));
  return { pages, products: pages.flatMap((p) => p.products), removed: [...removed.values()] };
}

/** Rule 5: the next cursor is the latest updated_at across products and removed. */
function nextCursor(products: { updatedAt: string }[], removed: { updatedAt: string }[]): string {
  return [...products, ...removed].map((x) => x.updatedAt).reduce((a, b) => (Date.parse(b) > Date.parse(a) ? b : a));
}

describe("catalog delta rules", () => {
  it("1: a full listing carries no removed array", async () => {
    const full = await readAll(client, undefined, 50);
    expect(full.pages.every((p) => p.removed === undefined)).toBe(true);
    expect(full.products.length).toBe(full.pages[0]!.pagination.total);
  });

  it("2: a delta holds only SKUs changed since the cursor, and removed repeats on every page", async () => {
    const full = await readAll(client, undefined, 100);
    const cursor = nextCursor(full.products, []);
    const [a, b, c, gone] = full.products.map((p) => p.itemCode);
    ctl.advanceTime(60_000);
    ctl.publishChanges({ priceChanges: { [a!]: "9.99", [b!]: "8.88", [c!]: "7.77" }, unpublish: [gone!] });
    const since = new Date(Date.parse(cursor) + 1).toISOString();
    const delta = await readAll(client, since, 2);
    expect(delta.products.map((p) => p.itemCode).sort()).toEqual([a, b, c].sort());
    expect(delta.pages.length).toBeGreaterThan(1);
    for (const page of delta.pages) expect(page.removed?.map((r) => r.itemCode)).toEqual([gone]);
    expect(delta.products.find((p) => p.itemCode === a)!.price).toBe("9.99");
  });

  it("3: a renamed SKU is removed under its old code and listed under its new one", async () => {
    const [first] = (await client.catalog({ perPage: 1, sortBy: "item_code" })).products;
    ctl.advanceTime(60_000);
    ctl.publishChanges({ rename: { [first!.itemCode]: `${first!.itemCode}-V2` } });
    const since = new Date(t0 + 60_000).toISOString();
    const delta = await readAll(client, since);
    expect(delta.removed.map((r) => r.itemCode)).toEqual([first!.itemCode]);
    expect(delta.products.map((p) => p.itemCode)).toEqual([`${first!.itemCode}-V2`]);
    expect(delta.products.concat().some((p) => p.itemCode === "NEVER-PUBLISHED")).toBe(false);
    expect(delta.removed.some((r) => r.itemCode === "NEVER-PUBLISHED")).toBe(false);
  });

  it("3: an unpublished SKU leaves the listing but is not out of stock; it only shows in removed", async () => {
    const [first] = (await client.catalog({ perPage: 1, sortBy: "item_code" })).products;
    ctl.advanceTime(1_000);
    ctl.publishChanges({ unpublish: [first!.itemCode] });
    expect((await client.catalog({ itemId: first!.itemCode })).products).toHaveLength(0);
    const delta = await client.catalog({ updatedSince: new Date(t0).toISOString() });
    expect(delta.removed?.map((r) => r.itemCode)).toContain(first!.itemCode);
  });

  it("4: pagination is complete at last_page, with next_page_url null there", async () => {
    const full = await readAll(client, undefined, 9);
    const last = full.pages.at(-1)!;
    expect(last.pagination.currentPage).toBe(last.pagination.lastPage);
    expect(last.pagination.nextPageUrl).toBeNull();
    expect(new Set(full.products.map((p) => p.itemCode)).size).toBe(last.pagination.total);
  });

  it("5: the next cursor is the latest updated_at across products and removed, and a delta from it is empty", async () => {
    const [first, second] = (await client.catalog({ perPage: 2, sortBy: "item_code" })).products;
    ctl.advanceTime(30_000);
    ctl.publishChanges({ priceChanges: { [first!.itemCode]: "5.55" } });
    ctl.advanceTime(30_000);
    ctl.publishChanges({ unpublish: [second!.itemCode] });
    const delta = await readAll(client, new Date(t0 + 1).toISOString());
    const cursor = nextCursor(delta.products, delta.removed);
    expect(Date.parse(cursor)).toBe(t0 + 60_000);
    const after = await readAll(client, new Date(Date.parse(cursor) + 1).toISOString());
    expect(after.products).toEqual([]);
    expect(after.removed).toEqual([]);
  });
});
