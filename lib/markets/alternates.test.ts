import { describe, expect, it } from "vitest";
import { alternatesOf, countryOf, hreflangOf, type AlternateMarket } from "./alternates";

const markets: AlternateMarket[] = [
  { slug: "us", languages: ["en", "es"], isDefault: true, country: "US" },
  { slug: "id", languages: ["id", "en"], isDefault: false, country: "ID" },
  { slug: "br", languages: ["pt-BR"], isDefault: false, country: "BR" },
  { slug: "sa", languages: ["ar", "en"], isDefault: false, country: "SA" },
];

describe("alternates of a catalog page", () => {
  it("lists every enabled market × language by hreflang, with the default market as x-default", () => {
    const { canonical, languages } = alternatesOf("/p/STEAM-EU-20", { market: "id", lang: "en" }, markets);
    expect(canonical).toBe("/id/en/p/STEAM-EU-20");
    expect(languages).toEqual({
      "en-US": "/p/STEAM-EU-20",
      "es-US": "/us/es/p/STEAM-EU-20",
      "id-ID": "/id/p/STEAM-EU-20",
      "en-ID": "/id/en/p/STEAM-EU-20",
      "pt-BR": "/br/p/STEAM-EU-20",
      "ar-SA": "/sa/p/STEAM-EU-20",
      "en-SA": "/sa/en/p/STEAM-EU-20",
      "x-default": "/p/STEAM-EU-20",
    });
  });

  it("writes the home page of a market as its prefix alone", () => {
    expect(alternatesOf("/", { market: "us", lang: "en" }, markets).canonical).toBe("/");
    expect(alternatesOf("/", { market: "br", lang: "pt-BR" }, markets).languages["pt-BR"]).toBe("/br");
  });

  it("names a market's country by its first one, else by a two-letter slug", () => {
    expect(countryOf({ slug: "us", countries: [] })).toBe("US");
    expect(countryOf({ slug: "eu-west", countries: [] })).toBeNull();
    expect(hreflangOf("en", null)).toBe("en");
  });
});
