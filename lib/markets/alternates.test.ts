import { describe, expect, it } from "vitest";
import { alternatesOf, countryOf, hreflangOf, listingPath, type AlternateMarket } from "./alternates";

const markets: AlternateMarket[] = [
  { slug: "us", languages: ["en", "es"], isDefault: true, country: "US" },
  { slug: "id", languages: ["id", "en"], isDefault: false, country: "ID" },
  { slug: "br", languages: ["pt-BR"], isDefault: false, country: "BR" },
  { slug: "sa", languages: ["ar", "en"], isDefault: false, country: "SA" },
];
const origin = "https://shop.example";

describe("alternates of a catalog page", () => {
  it("lists every enabled market × language by hreflang, absolute, with the default market as x-default", () => {
    const { canonical, languages } = alternatesOf("/p/STEAM-EU-20", { market: "id", lang: "en" }, markets, origin);
    expect(canonical).toBe(`${origin}/id/en/p/STEAM-EU-20`);
    expect(languages).toEqual({
      "en-US": `${origin}/p/STEAM-EU-20`,
      "es-US": `${origin}/us/es/p/STEAM-EU-20`,
      "id-ID": `${origin}/id/p/STEAM-EU-20`,
      "en-ID": `${origin}/id/en/p/STEAM-EU-20`,
      "pt-BR": `${origin}/br/p/STEAM-EU-20`,
      "ar-SA": `${origin}/sa/p/STEAM-EU-20`,
      "en-SA": `${origin}/sa/en/p/STEAM-EU-20`,
      "x-default": `${origin}/p/STEAM-EU-20`,
    });
  });

  it("writes the home page of a market as its prefix alone", () => {
    expect(alternatesOf("/", { market: "us", lang: "en" }, markets, origin).canonical).toBe(`${origin}/`);
    expect(alternatesOf("/", { market: "br", lang: "pt-BR" }, markets, origin).languages["pt-BR"]).toBe(`${origin}/br`);
  });

  it("names a market's country by its first one, else by a two-letter slug", () => {
    expect(countryOf({ slug: "us", countries: [] })).toBe("US");
    expect(countryOf({ slug: "eu-west", countries: [] })).toBeNull();
    expect(hreflangOf("en", null)).toBe("en");
  });

  it("names each page of a listing as its own canonical, in every market, and the first page without a query", () => {
    const second = alternatesOf(listingPath("/t/gift_card", 2), { market: "id", lang: "id" }, markets, origin);
    expect(second.canonical).toBe(`${origin}/id/t/gift_card?page=2`);
    expect(second.languages["en-US"]).toBe(`${origin}/t/gift_card?page=2`);
    expect(second.languages["x-default"]).toBe(`${origin}/t/gift_card?page=2`);
    expect(listingPath("/t/gift_card", 1)).toBe("/t/gift_card");
    expect(listingPath("/t/gift_card", undefined)).toBe("/t/gift_card");
  });
});
