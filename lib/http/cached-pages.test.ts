import { describe, expect, it } from "vitest";
import { isCachedCatalogPage } from "./cached-pages";

describe("isCachedCatalogPage", () => {
  it("serves the home page and product pages from the page cache", () => {
    expect(isCachedCatalogPage("/")).toBe(true);
    expect(isCachedCatalogPage("/p/STEAM-EU-20")).toBe(true);
  });
  it("renders every page with personal data or money per request", () => {
    for (const path of ["/cart", "/checkout", "/account", "/orders/abc", "/sign-in", "/admin", "/p/x/y", "/search"])
      expect(isCachedCatalogPage(path)).toBe(false);
  });
});
