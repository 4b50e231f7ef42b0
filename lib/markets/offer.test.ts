import { describe, expect, it } from "vitest";
import { offerOf, offersProduct, regionSpellings } from "./offer";

const indonesia = { productRegions: null, countries: ["ID"], isDefault: false };

describe("the products a market offers", () => {
  it("offers by default its countries' regions, global ones and products sold in its countries, not others", () => {
    const offer = offerOf(indonesia);
    expect(offer).toEqual({ regions: ["GLOBAL", "ID"], countries: ["ID"] });
    expect(offersProduct(offer, { region: "Global", countries: [] })).toBe(true);
    expect(offersProduct(offer, { region: "ID", countries: [] })).toBe(true);
    expect(offersProduct(offer, { region: "SEA", countries: ["MY", "ID"] })).toBe(true);
    expect(offersProduct(offer, { region: "US", countries: ["US"] })).toBe(false);
  });

  it("offers the United Kingdom's region to a market serving GB", () => {
    expect(offersProduct(offerOf({ ...indonesia, countries: ["GB"] }), { region: "UK", countries: [] })).toBe(true);
  });

  it("offers exactly the owner's list when one is set, whatever the market's countries", () => {
    const offer = offerOf({ ...indonesia, productRegions: ["US"] });
    expect(offersProduct(offer, { region: "US", countries: ["US"] })).toBe(true);
    expect(offersProduct(offer, { region: "GLOBAL", countries: [] })).toBe(false);
    expect(offersProduct(offer, { region: "ID", countries: ["ID"] })).toBe(false);
  });

  it("keeps the default market's shop as it was: every product, unless the owner lists its regions", () => {
    const us = { productRegions: null, countries: ["US"], isDefault: true };
    expect(offerOf(us)).toBeNull();
    expect(offersProduct(offerOf(us), { region: "ID", countries: ["ID"] })).toBe(true);
    expect(
      offersProduct(offerOf({ ...us, productRegions: ["US", "GLOBAL"] }), { region: "ID", countries: ["ID"] }),
    ).toBe(false);
  });

  it("offers the shop's own test SKUs in every market, so its checkout can be tried", () => {
    expect(offersProduct(offerOf(indonesia), { region: "US", countries: ["US"], productType: "test" })).toBe(true);
    expect(offersProduct(offerOf(indonesia), { region: "US", countries: ["US"], productType: "gift_card" })).toBe(
      false,
    );
  });

  it("matches a stored region however the upstream spells it", () => {
    expect(regionSpellings(["GLOBAL"])).toEqual(expect.arrayContaining(["GLOBAL", "global", "Global"]));
  });
});
