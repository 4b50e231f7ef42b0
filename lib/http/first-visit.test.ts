import { describe, expect, it } from "vitest";
import { detectMarket, firstVisitRedirect, marketCookieString, type DetectMarket } from "./first-visit";

const markets: DetectMarket[] = [
  { slug: "us", languages: ["en"], isDefault: true, countries: ["US"] },
  { slug: "id", languages: ["id", "en"], isDefault: false, countries: ["ID"] },
  { slug: "br", languages: ["pt-BR"], isDefault: false, countries: ["BR"] },
  { slug: "sa", languages: ["ar", "en"], isDefault: false, countries: ["SA"] },
];
const detect = (h: Record<string, string>) => detectMarket(new Headers(h), markets).slug;

describe("a first visit's market", () => {
  it("follows a CDN's country header before Accept-Language", () => {
    expect(detect({ "cf-ipcountry": "BR", "accept-language": "id-ID" })).toBe("br");
    expect(detect({ "x-vercel-ip-country": "SA" })).toBe("sa");
    expect(detect({ "cloudfront-viewer-country": "ID" })).toBe("id");
  });

  it("then Accept-Language: a language's region, then the language, most wanted first", () => {
    expect(detect({ "accept-language": "id-ID,id;q=0.9" })).toBe("id");
    expect(detect({ "accept-language": "fr;q=0.9,pt-BR;q=0.8" })).toBe("br");
    expect(detect({ "accept-language": "ar" })).toBe("sa");
    expect(detect({ "cf-ipcountry": "XX", "accept-language": "de-DE" })).toBe("us");
  });

  it("redirects only '/', to the detected market on a first visit, and never to the default market", () => {
    const id = new Headers({ "accept-language": "id-ID" });
    expect(firstVisitRedirect("/", id, undefined, markets)).toBe("/id");
    expect(firstVisitRedirect("/p/X", id, undefined, markets)).toBeNull();
    expect(firstVisitRedirect("/", new Headers({ "accept-language": "en-US" }), undefined, markets)).toBeNull();
  });

  it("opens '/' in the market the cookie remembers, whatever the headers say; an unknown one is detected again", () => {
    const id = new Headers({ "accept-language": "id-ID" });
    expect(firstVisitRedirect("/", id, "br", markets)).toBe("/br");
    expect(firstVisitRedirect("/", id, "us", markets)).toBeNull();
    expect(firstVisitRedirect("/", id, "zz", markets)).toBe("/id");
  });

  it("opens a first visit's market in the shopper's language when it offers it, else in its default language", () => {
    const visit = (h: Record<string, string>, cookie?: string) =>
      firstVisitRedirect("/", new Headers(h), cookie, markets);
    expect(visit({ "cf-ipcountry": "ID", "accept-language": "en-GB,en;q=0.9" })).toBe("/id/en");
    expect(visit({ "accept-language": "en-ID,id;q=0.5" })).toBe("/id/en");
    expect(visit({ "cf-ipcountry": "SA", "accept-language": "fr-FR,en;q=0.8,ar;q=0.5" })).toBe("/sa/en");
    expect(visit({ "cf-ipcountry": "SA", "accept-language": "ar-SA,en;q=0.8" })).toBe("/sa");
    expect(visit({ "cf-ipcountry": "BR", "accept-language": "pt" })).toBe("/br");
    // The cookie remembers a market, not a language: its default one, as before.
    expect(visit({ "accept-language": "en-US" }, "id")).toBe("/id");
    expect(visit({ "cf-ipcountry": "ID", "accept-language": "de-DE" })).toBe("/id");
  });

  it("writes the market cookie in the browser with the attributes the proxy gives it", () => {
    expect(marketCookieString("id")).toBe("shop-market=id; path=/; max-age=31536000; samesite=lax");
  });
});
