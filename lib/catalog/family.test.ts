import { describe, expect, it } from "vitest";
import { decodeCountryCodes, deriveFamily, deriveFamilyName, encodeCountryCodes, imageKeyOf } from "./family";

describe("deriveFamily", () => {
  it("puts every region of a brand's product type in one family when product_family names the region", () => {
    const us = deriveFamily({ brand: "Steam", productType: "game_card", productFamily: "Steam US", region: "US" });
    const eu = deriveFamily({ brand: "Steam", productType: "game_card", productFamily: "Steam (EU)", region: "EU" });
    const uk = deriveFamily({ brand: "Steam", productType: "game_card", productFamily: "Steam - UK", region: "UK" });
    const global = deriveFamily({
      brand: "Roblox",
      productType: "game_card",
      productFamily: "Roblox Global",
      region: "Global",
    });
    expect([us, eu, uk]).toEqual([
      { familyName: "Steam", familySlug: "steam-game-card" },
      { familyName: "Steam", familySlug: "steam-game-card" },
      { familyName: "Steam", familySlug: "steam-game-card" },
    ]);
    expect(global).toEqual({ familyName: "Roblox", familySlug: "roblox-game-card" });
  });

  it("falls back to brand + product type without product_family", () => {
    expect(
      deriveFamily({ brand: "PUBG Mobile", productType: "direct_top_up", productFamily: null, region: "Global" }),
    ).toEqual({
      familyName: "PUBG Mobile",
      familySlug: "pubg-mobile-direct-top-up",
    });
  });

  it("keeps distinct product families of one brand apart, and prefixes a label without the brand", () => {
    expect(deriveFamilyName({ brand: "Xbox", productFamily: "Xbox Game Pass", region: "US" })).toBe("Xbox Game Pass");
    expect(deriveFamilyName({ brand: "Steam", productFamily: "Wallet Card", region: "US" })).toBe("Steam Wallet Card");
    expect(deriveFamilyName({ brand: "Amazon", productFamily: "Gift Card", region: "US" })).not.toBe(
      deriveFamilyName({ brand: "eBay", productFamily: "Gift Card", region: "US" }),
    );
  });

  it("does not strip a region that is only part of a word", () => {
    expect(deriveFamilyName({ brand: "Bonus", productFamily: "Bonus", region: "US" })).toBe("Bonus");
    expect(deriveFamilyName({ brand: "Indie", productFamily: "Indie Pass IN", region: "IN" })).toBe("Indie Pass");
  });

  it("gives names without Latin letters a stable hashed slug instead of a shared one", () => {
    const a = deriveFamily({ brand: "网易", productType: "game_card", productFamily: null, region: "CN" });
    const b = deriveFamily({ brand: "腾讯", productType: "game_card", productFamily: null, region: "CN" });
    expect(a.familySlug).toMatch(/^f-[0-9a-f]{10}-game-card$/);
    expect(a.familySlug).not.toBe(b.familySlug);
  });
});

describe("catalog helper columns", () => {
  it("encodes countries sorted and de-duplicated, and decodes them back", () => {
    expect(encodeCountryCodes(["us", "GB", "US"])).toBe("|GB|US|");
    expect(decodeCountryCodes("|GB|US|")).toEqual(["GB", "US"]);
    expect(encodeCountryCodes([])).toBe("");
  });
  it("keys images by a short hash of their URL", () => {
    expect(imageKeyOf("https://a/x.png")).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(imageKeyOf("https://a/x.png")).not.toBe(imageKeyOf("https://a/y.png"));
    expect(imageKeyOf("")).toBe("");
  });
});
