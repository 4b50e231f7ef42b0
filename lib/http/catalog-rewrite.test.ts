import { describe, expect, it } from "vitest";
import { catalogRewrite } from "./catalog-rewrite";

const rewrite = (url: string, headers: Record<string, string> = {}) => {
  const u = new URL(url, "http://shop.test");
  return catalogRewrite(u.pathname, u.searchParams, new Headers(headers));
};

describe("catalogRewrite", () => {
  it("puts a listing's canonical query in its last segment", () => {
    expect(rewrite("/t/gift_card")).toBe("/t/gift_card/_");
    expect(rewrite("/t/gift_card?type=x&sort=price_asc&brand=Steam")).toBe(
      "/t/gift_card/_brand%3DSteam%26sort%3Dprice_asc",
    );
    expect(rewrite("/c/games?page=2")).toBe("/c/games/_page%3D2");
    expect(rewrite("/b/steam?brand=Other")).toBe("/b/steam/_");
    expect(rewrite("/search?q=%20Steam%20Wallet")).toBe("/search/_q%3Dsteam%2Bwallet");
  });

  it("chooses a family page without a region by the shopper's likely countries, and one with a region by nothing else", () => {
    expect(rewrite("/f/steam-game-card", { "accept-language": "en-GB,en;q=0.8" })).toBe(
      "/f/steam-game-card/_near%3DGB",
    );
    expect(rewrite("/f/steam-game-card", { "accept-language": "de-AT", "cf-ipcountry": "CH" })).toBe(
      "/f/steam-game-card/_near%3DCH%252CAT%252CDE",
    );
    expect(rewrite("/f/steam-game-card?region=EU", { "accept-language": "en-GB" })).toBe(
      "/f/steam-game-card/_region%3DEU",
    );
  });

  it("leaves the home page, product pages and every other page alone", () => {
    for (const path of ["/", "/p/STEAM-EU-20", "/cart", "/t/gift_card/_", "/admin"]) expect(rewrite(path)).toBeNull();
  });
});
