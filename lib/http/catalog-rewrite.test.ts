import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { catalogRewrite, nestedPageRoots, publicUrl, routePage, type UrlMarket } from "./catalog-rewrite";

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

const markets: UrlMarket[] = [
  { slug: "us", languages: ["en", "es"], isDefault: true },
  { slug: "id", languages: ["id", "en"], isDefault: false },
  { slug: "br", languages: ["pt-BR"], isDefault: false },
  { slug: "es", languages: ["es", "en"], isDefault: false },
];
const route = (url: string, headers: Record<string, string> = {}) => {
  const u = new URL(url, "http://shop.test");
  return routePage(u.pathname, u.searchParams, new Headers(headers), markets);
};

describe("routePage", () => {
  it("maps an unprefixed catalog URL to the default market in its default language", () => {
    expect(route("/")).toEqual({ kind: "catalog", market: "us", lang: "en", internal: "/us/en" });
    expect(route("/p/STEAM-EU-20")).toMatchObject({ internal: "/us/en/p/STEAM-EU-20" });
    expect(route("/t/gift_card?sort=price_asc")).toMatchObject({ internal: "/us/en/t/gift_card/_sort%3Dprice_asc" });
  });

  it("maps a market prefix to the market in its default language, and a second one to another of its languages", () => {
    expect(route("/id")).toEqual({ kind: "catalog", market: "id", lang: "id", internal: "/id/id" });
    expect(route("/id/p/STEAM-EU-20")).toMatchObject({ internal: "/id/id/p/STEAM-EU-20" });
    expect(route("/id/en/t/gift_card")).toMatchObject({ internal: "/id/en/t/gift_card/_" });
    expect(route("/br/search?q=Steam")).toMatchObject({ internal: "/br/pt-BR/search/_q%3Dsteam" });
    expect(route("/es/f/steam", { "accept-language": "es-ES" })).toMatchObject({
      internal: "/es/es/f/steam/_near%3DES",
    });
    expect(route("/us/es/p/X")).toMatchObject({ kind: "catalog", market: "us", lang: "es", internal: "/us/es/p/X" });
  });

  it("redirects a prefix naming the default market or a market's default language to the canonical URL, query kept", () => {
    // The default market's home also names the market to remember, or "/" would open the cookie's.
    expect(route("/us")).toEqual({ kind: "redirect", location: "/", remember: "us" });
    expect(route("/us/en?x=1")).toEqual({ kind: "redirect", location: "/?x=1", remember: "us" });
    expect(route("/us/p/X")).toEqual({ kind: "redirect", location: "/p/X" });
    expect(route("/us/en/t/gift_card?page=2")).toEqual({ kind: "redirect", location: "/t/gift_card?page=2" });
    expect(route("/id/id/p/X")).toEqual({ kind: "redirect", location: "/id/p/X" });
    expect(route("/id/id")).toEqual({ kind: "redirect", location: "/id" });
    expect(route("/us/cart")).toEqual({ kind: "redirect", location: "/cart" });
  });

  it("redirects a prefix typed in capitals to its lowercase market and language, query kept", () => {
    expect(route("/ID/p/X?a=1")).toEqual({ kind: "redirect", location: "/id/p/X?a=1" });
    expect(route("/ID")).toEqual({ kind: "redirect", location: "/id" });
    expect(route("/id/EN/t/gift_card")).toEqual({ kind: "redirect", location: "/id/en/t/gift_card" });
    expect(route("/BR/PT-BR/p/X")).toEqual({ kind: "redirect", location: "/br/p/X" });
  });

  it("refuses a language the market does not offer and any page under a prefix naming no enabled market, in a language it knows", () => {
    expect(route("/br/en/p/X")).toEqual({ kind: "notFound", market: "br", lang: "pt-BR" });
    expect(route("/id/ar")).toEqual({ kind: "notFound", market: "id", lang: "id" });
    expect(route("/xx/p/X")).toEqual({ kind: "notFound", market: "us", lang: "en" });
    expect(route("/xx/en/t/gift_card")).toEqual({ kind: "notFound", market: "us", lang: "en" });
    expect(route("/xx/cart")).toEqual({ kind: "notFound", market: "us", lang: "en" });
    expect(route("/XX/cart")).toEqual({ kind: "notFound", market: "us", lang: "en" });
    expect(route("/xx/en/t/gift_card/_")).toEqual({ kind: "notFound", market: "us", lang: "en" });
  });

  it("takes the prefix off every other page and names its market and language", () => {
    expect(route("/id/cart")).toEqual({ kind: "page", market: "id", lang: "id", path: "/cart" });
    expect(route("/id/en/checkout")).toEqual({ kind: "page", market: "id", lang: "en", path: "/checkout" });
    expect(route("/orders/abc")).toEqual({ kind: "page", market: "us", lang: "en", path: "/orders/abc" });
    expect(route("/admin/markets")).toEqual({ kind: "page", market: "us", lang: "en", path: "/admin/markets" });
  });

  it("writes a page's public URL back from its market and language", () => {
    expect(publicUrl(markets[0], "en", "/")).toBe("/");
    expect(publicUrl(markets[0], "es", "/p/X")).toBe("/us/es/p/X");
    expect(publicUrl(markets[1], "id", "/")).toBe("/id");
    expect(publicUrl(markets[1], "en", "/t/gift_card")).toBe("/id/en/t/gift_card");
  });
});

describe("a path of two or more segments that is no page", () => {
  it("is the not-found page in the URL's market and language, never handed to the catalog tree", () => {
    expect(route("/cart/x")).toEqual({ kind: "notFound", market: "us", lang: "en" });
    expect(route("/id/cart/x")).toEqual({ kind: "notFound", market: "id", lang: "id" });
    expect(route("/help/a/b")).toEqual({ kind: "notFound", market: "us", lang: "en" });
  });

  it("still reaches the pages that have pages below them", () => {
    expect(route("/orders/abc")).toMatchObject({ kind: "page", path: "/orders/abc" });
    expect(route("/id/orders/abc/receipt")).toMatchObject({ kind: "page", path: "/orders/abc/receipt" });
    expect(route("/two-factor/setup")).toMatchObject({ kind: "page", path: "/two-factor/setup" });
    expect(route("/admin/orders")).toMatchObject({ kind: "page", path: "/admin/orders" });
    expect(route("/cart")).toMatchObject({ kind: "page", path: "/cart" });
  });

  it("names every first segment under which the app has pages two or more deep", () => {
    const roots = new Set<string>();
    const walk = (dir: string, segments: string[]) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (!entry.isDirectory()) continue;
        const groupOrPrivate = /^\(.*\)$/.test(entry.name) || entry.name.startsWith("_");
        if (entry.name.startsWith("_") && !groupOrPrivate) continue;
        const next = groupOrPrivate ? segments : [...segments, entry.name];
        const files = fs.readdirSync(path.join(dir, entry.name));
        if (next.length > 1 && files.some((f) => /^(page|route)\.tsx?$/.test(f))) roots.add(next[0]);
        walk(path.join(dir, entry.name), next);
      }
    };
    walk(path.join("app", "(request)"), []);
    walk(path.join("app", "img"), ["img"]);
    expect([...roots].sort()).toEqual([...nestedPageRoots].sort());
  });
});
