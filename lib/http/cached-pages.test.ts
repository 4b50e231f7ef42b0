import { describe, expect, it } from "vitest";
import { isCachedCatalogPage, isQueryVariant, isRewrittenCatalogPage, varyOf } from "./page-cache/cached-paths.cjs";

describe("isCachedCatalogPage", () => {
  it("serves the home, product, listing, family and search pages from the page cache, by public and internal path", () => {
    for (const path of ["/", "/p/STEAM-EU-20", "/t/gift_card", "/c/games", "/b/steam", "/f/steam-game-card", "/search"])
      expect(isCachedCatalogPage(path)).toBe(true);
    for (const path of ["/t/gift_card/_", "/c/games/_page=2", "/f/steam/_near=GB", "/search/_q=steam"])
      expect(isCachedCatalogPage(path)).toBe(true);
  });
  it("renders every page with personal data or money per request", () => {
    for (const path of ["/cart", "/checkout", "/account", "/orders/abc", "/sign-in", "/admin", "/p/x/y", "/t/x/y"])
      expect(isCachedCatalogPage(path)).toBe(false);
  });
  it("rewrites listings, families and search, never the home or a product page", () => {
    expect(["/t/gift_card", "/c/x", "/b/x", "/f/x", "/search"].every(isRewrittenCatalogPage)).toBe(true);
    expect(["/", "/p/x", "/t/gift_card/_", "/search/_q=a"].some(isRewrittenCatalogPage)).toBe(false);
  });
  it("counts a page chosen by a shopper's query or by several likely countries as a variant, not one chosen by one country", () => {
    expect(isQueryVariant("/t/gift_card/_")).toBe(false);
    expect(isQueryVariant("/f/steam/_near=GB")).toBe(false);
    expect(isQueryVariant("/f/steam/_near%3DGB")).toBe(false);
    expect(isQueryVariant("/f/steam/_near=GB%2CDE")).toBe(true);
    expect(isQueryVariant("/f/steam/_near%3DQA%252CQB%252CQC")).toBe(true);
    expect(isQueryVariant("/t/gift_card/_page=2")).toBe(true);
    expect(isQueryVariant("/search/_q%3Dsteam")).toBe(true);
    expect(isQueryVariant("/f/steam/_region=EU&near=GB")).toBe(true);
  });
});

describe("varyOf", () => {
  it("varies a family page without a region by the headers its region is read from, and nothing else", () => {
    expect(varyOf("/f/steam/_")).toMatch(/^Accept-Language, CF-IPCountry/);
    expect(varyOf("/f/steam/_near%3DGB")).toMatch(/^Accept-Language/);
    expect(varyOf("/f/steam/_region%3DEU")).toBeNull();
    expect(varyOf("/t/gift_card/_")).toBeNull();
    expect(varyOf("/p/STEAM-EU-20")).toBeNull();
  });
});
