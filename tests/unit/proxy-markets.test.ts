// proxy.ts with markets (docs/markets.md#urls): the market and language headers a page rendered
// per request reads are the proxy's alone, and a URL is rewritten, redirected or refused by
// lib/http/catalog-rewrite.ts's answer.
import { NextRequest } from "next/server";
import { describe, expect, it, vi } from "vitest";

vi.mock("@/lib/markets/url-markets", () => ({
  listUrlMarkets: async () => [
    { slug: "us", languages: ["en"], isDefault: true, countries: ["US"] },
    { slug: "id", languages: ["id", "en"], isDefault: false, countries: ["ID"] },
  ],
}));

const { proxy } = await import("@/proxy");
const run = (path: string, headers: Record<string, string> = {}) =>
  proxy(new NextRequest(new URL(path, "http://shop.test"), { headers }));
/** The value Next hands the render for a request header the proxy set or kept. */
const passed = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

describe("proxy with markets", () => {
  it("sets the market and language of a page rendered per request, whatever the client sent", async () => {
    const response = await run("/id/en/cart", { "x-shop-market": "us", "x-shop-locale": "ar" });
    expect(response.headers.get("x-middleware-rewrite")).toBe("http://shop.test/cart");
    expect(passed(response, "x-shop-market")).toBe("id");
    expect(passed(response, "x-shop-locale")).toBe("en");
  });

  it("never passes a client's market headers to a cached catalog page", async () => {
    const response = await run("/id/p/STEAM-EU-20", { "x-shop-market": "us", "x-shop-locale": "ar" });
    expect(response.headers.get("x-middleware-rewrite")).toBe("http://shop.test/id/id/p/STEAM-EU-20");
    expect(passed(response, "x-shop-market")).toBeNull();
    expect(passed(response, "x-shop-locale")).toBeNull();
  });

  it("redirects a non-canonical prefix (308) and a first visit by language (307, never stored)", async () => {
    const canonical = await run("/id/id/p/X");
    expect(canonical.status).toBe(308);
    expect(canonical.headers.get("location")).toBe("http://shop.test/id/p/X");
    const first = await run("/", { "accept-language": "id-ID" });
    expect(first.status).toBe(307);
    expect(first.headers.get("location")).toBe("http://shop.test/id");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect((await run("/", { "accept-language": "id-ID", cookie: "shop-market=us" })).status).toBe(200);
  });

  it("opens the default market's home from a link to /us, even when the cookie remembers another market", async () => {
    for (const link of ["/us", "/us/", "/us/en"]) {
      const redirect = await run(link, { cookie: "shop-market=id" });
      expect(redirect.headers.get("location")).toBe("http://shop.test/");
      // The browser follows with the cookie the redirect left it.
      const remembered = /shop-market=([^;]+)/.exec(redirect.headers.get("set-cookie") ?? "")?.[1] ?? "id";
      const home = await run("/", { cookie: `shop-market=${remembered}` });
      expect(home.status, link).toBe(200);
    }
  });
});
