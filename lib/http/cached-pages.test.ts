import { describe, expect, it } from "vitest";
import {
  isCachedCatalogPage,
  isInternalCatalogPage,
  isQueryVariant,
  isRewrittenCatalogPage,
  varyOf,
} from "./page-cache/cached-paths.cjs";

describe("isCachedCatalogPage", () => {
  it("serves the home, product, listing, family and search pages from the page cache, by public and internal path", () => {
    for (const path of ["/", "/p/STEAM-EU-20", "/t/gift_card", "/c/games", "/b/steam", "/f/steam-game-card", "/search"])
      expect(isCachedCatalogPage(path)).toBe(true);
    for (const path of ["/id", "/id/p/STEAM-EU-20", "/id/en/t/gift_card", "/br/search", "/eu-west/es/f/steam"])
      expect(isCachedCatalogPage(path)).toBe(true);
    for (const path of [
      "/us/en",
      "/us/en/p/X",
      "/id/id/t/gift_card/_",
      "/br/pt-BR/f/steam/_near=GB",
      "/ar/ar/search/_q=a",
    ])
      expect(isCachedCatalogPage(path)).toBe(true);
  });
  it("keeps only internal paths in the page cache: market, language, then the page with its query segment", () => {
    expect(["/us/en", "/id/en/p/X", "/id/id/t/gift_card/_", "/br/pt-BR/search/_q=a"].every(isInternalCatalogPage)).toBe(
      true,
    );
    const others = ["/", "/p/X", "/t/gift_card/_", "/id/t/gift_card", "/us/en/t/gift_card", "/us/en/cart", "/us/EN"];
    expect(others.some(isInternalCatalogPage)).toBe(false);
  });
  it("renders every page with personal data or money per request", () => {
    const perRequest = ["/cart", "/checkout", "/account", "/orders/abc", "/sign-in", "/admin", "/p/x/y", "/t/x/y"];
    for (const path of [...perRequest, "/id/cart", "/id/en/checkout", "/id/en/orders/abc"])
      expect(isCachedCatalogPage(path)).toBe(false);
  });
  it("rewrites listings, families and search, never the home or a product page", () => {
    expect(["/t/gift_card", "/c/x", "/b/x", "/f/x", "/search"].every(isRewrittenCatalogPage)).toBe(true);
    expect(["/", "/p/x", "/t/gift_card/_", "/search/_q=a"].some(isRewrittenCatalogPage)).toBe(false);
  });
  it("counts a page chosen by a shopper's query or by several likely countries as a variant, not one chosen by one country", () => {
    expect(isQueryVariant("/us/en/t/gift_card/_")).toBe(false);
    expect(isQueryVariant("/us/en/f/steam/_near=GB")).toBe(false);
    expect(isQueryVariant("/us/en/f/steam/_near%3DGB")).toBe(false);
    expect(isQueryVariant("/us/en/f/steam/_near=GB%2CDE")).toBe(true);
    expect(isQueryVariant("/us/en/f/steam/_near%3DQA%252CQB%252CQC")).toBe(true);
    expect(isQueryVariant("/us/en/t/gift_card/_page=2")).toBe(true);
    expect(isQueryVariant("/us/en/search/_q%3Dsteam")).toBe(true);
    expect(isQueryVariant("/us/en/f/steam/_region=EU&near=GB")).toBe(true);
  });
});

describe("varyOf", () => {
  it("varies a family page without a region by the headers its region is read from, and nothing else", () => {
    expect(varyOf("/us/en/f/steam/_")).toMatch(/^Accept-Language, CF-IPCountry/);
    expect(varyOf("/us/en/f/steam/_near%3DGB")).toMatch(/^Accept-Language/);
    expect(varyOf("/us/en/f/steam/_region%3DEU")).toBeNull();
    expect(varyOf("/us/en/t/gift_card/_")).toBeNull();
    expect(varyOf("/us/en/p/STEAM-EU-20")).toBeNull();
  });
});
