import { describe, expect, it } from "vitest";
import { call, makeSandbox } from "./sandbox-helpers";

describe("sandbox catalog delta (spec 4.4 rules 1–5)", () => {
  it("after publishChanges returns changed and added SKUs in products, renamed-away and unpublished codes in removed on every page", async () => {
    const sb = makeSandbox();
    const cursor = new Date(sb.control.now()).toISOString();
    expect((await call(sb, "GET", `/catalog?updated_since=${cursor}`)).body.data).toMatchObject({
      products: [],
      removed: [],
    });
    sb.control.advanceTime(60_000);
    const affected = sb.control.publishChanges({
      priceChanges: { "STEAM-US-5": "4.10" },
      unpublish: ["PSN-US-10"],
      rename: { "XBOX-US-10": "XBOX-US-10-NEW" },
      add: [{ itemCode: "NEWBRAND-US-20", brand: "Newbrand", price: "18.00", faceValue: 20 }],
    });
    expect(affected.sort()).toEqual(["NEWBRAND-US-20", "PSN-US-10", "STEAM-US-5", "XBOX-US-10", "XBOX-US-10-NEW"]);
    const pages = [];
    for (let page = 1; ; page++) {
      const r = await call(sb, "GET", `/catalog?updated_since=${encodeURIComponent(cursor)}&per_page=1&page=${page}`);
      pages.push(r.body.data);
      if (!r.body.data.pagination.next_page_url) break;
    }
    expect(pages).toHaveLength(3);
    for (const p of pages) expect(p.removed.map((x: any) => x.item_code).sort()).toEqual(["PSN-US-10", "XBOX-US-10"]);
    const codes = pages.flatMap((p) => p.products.map((x: any) => x.item_code)).sort();
    expect(codes).toEqual(["NEWBRAND-US-20", "STEAM-US-5", "XBOX-US-10-NEW"]);
    const steam = pages.flatMap((p) => p.products).find((x: any) => x.item_code === "STEAM-US-5");
    expect(steam.price).toBe(4.1);
    const latest = [...pages.flatMap((p) => p.products), ...pages[0].removed]
      .map((x: any) => x.updated_at)
      .sort()
      .at(-1);
    expect(Date.parse(latest)).toBe(sb.control.now());
  });

  it("keeps unpublished SKUs out of the full listing and never lists never-published drafts anywhere", async () => {
    const sb = makeSandbox();
    sb.control.advanceTime(1000);
    sb.control.publishChanges({ unpublish: ["PSN-US-10"] });
    const full = await call(sb, "GET", "/catalog?item_id=PSN-US-10");
    expect(full.body.data.products).toEqual([]);
    const delta = await call(sb, "GET", "/catalog?updated_since=2000-01-01T00:00:00Z&per_page=100&q=DRAFT");
    expect(delta.body.data.products).toEqual([]);
    expect(delta.body.data.removed.map((x: any) => x.item_code)).toEqual(["PSN-US-10"]);
    expect((await call(sb, "POST", "/orders/check", { item_id: "PSN-US-10" })).status).toBe(404);
    expect((await call(sb, "POST", "/orders/check", { item_id: "DRAFT-STEAM-75" })).status).toBe(404);
  });

  it("uses the new cursor so a second delta sees only later changes", async () => {
    const sb = makeSandbox();
    sb.control.advanceTime(1000);
    sb.control.publishChanges({ priceChanges: { "STEAM-US-5": "4.20" } });
    const cursor = new Date(sb.control.now() + 1).toISOString();
    sb.control.advanceTime(1000);
    sb.control.publishChanges({ priceChanges: { "STEAM-US-10": "9.00" } });
    const r = await call(sb, "GET", `/catalog?updated_since=${cursor}`);
    expect(r.body.data.products.map((p: any) => p.item_code)).toEqual(["STEAM-US-10"]);
  });
});
