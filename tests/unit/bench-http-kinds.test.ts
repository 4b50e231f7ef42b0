// The bench measures one market's catalog pages beside the default market's (issue 21): the same
// kinds under the market's prefix, held to the same targets, each listed after its counterpart,
// and an answer counts only when it stays in that market.
import { describe, expect, it } from "vitest";
import { besideDefault, marketPageKinds, pageKinds, type HttpTargets } from "../../scripts/bench/http-kinds";

const targets: HttpTargets = {
  searchWord: "steam",
  searchRegion: "US",
  productCodes: ["STEAM-ID-20", "PUBG-60"],
  familySlugs: ["steam-wallet"],
  categorySlug: "games",
};

describe("the bench's market pages", () => {
  it("requests every catalog page under the market's prefix, with the default market's targets", () => {
    const market = marketPageKinds(targets, "/id");
    expect(market.map((k) => k.urls(1)[0])).toEqual([
      "/id",
      "/id/t/gift_card",
      "/id/c/games",
      "/id/f/steam-wallet",
      "/id/p/STEAM-ID-20",
      "/id/search?q=steam",
    ]);
    // The type the market offers, when the bench found one (Indonesia sells no gift card).
    expect(marketPageKinds({ ...targets, typeSlug: "game_card" }, "/id")[1]!.urls(1)).toEqual(["/id/t/game_card"]);
    const defaults = pageKinds(targets, "/_next/static/a.css");
    for (const k of market) expect(k.target, k.name).toEqual(defaults.find((d) => d.name === k.beside)!.target);
  });

  it("lists each market page right after the default market's page it is measured beside", () => {
    const names = besideDefault(pageKinds(targets, "/s.css"), marketPageKinds(targets, "/id")).map((k) => k.name);
    expect(names.slice(0, 5)).toEqual([
      "static file",
      "home /",
      "home /id",
      "type listing /t/gift_card",
      "type listing /id/t/<type>",
    ]);
    expect(names.indexOf("search /id/search?q=")).toBe(names.indexOf("search ?q= (relevance)") + 1);
  });

  it("counts a market listing only when it links a product in that market", () => {
    const home = marketPageKinds(targets, "/id")[0];
    expect(home.check("/id", '<a href="/id/p/STEAM-ID-20">')).toBe(true);
    expect(home.check("/id", '<a href="/id/f/steam-wallet">')).toBe(true);
    expect(home.check("/id", '<a href="/p/STEAM-ID-20">')).toBe(false);
  });

  it("leaves out the product and family pages when the market offers none of the picked ones", () => {
    const names = marketPageKinds({ ...targets, productCodes: [], familySlugs: [] }, "/id").map((k) => k.name);
    expect(names.some((n) => n.startsWith("product") || n.startsWith("family"))).toBe(false);
  });
});
