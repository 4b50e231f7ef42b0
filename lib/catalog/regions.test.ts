import { describe, expect, it } from "vitest";
import { chooseDefaultRegion, getRegionLabel, preferredCountries } from "./regions";

const steam = [
  { region: "US", countries: ["US"], skuCount: 5 },
  { region: "EU", countries: ["DE", "ES", "FR", "IT", "NL"], skuCount: 5 },
  { region: "UK", countries: ["GB"], skuCount: 5 },
];

describe("preferredCountries", () => {
  it("reads countries from Accept-Language by weight, then languages' main countries", () => {
    expect(preferredCountries("fr;q=0.5, en-GB;q=0.9, de-AT")).toEqual(["AT", "GB", "DE", "FR"]);
    expect(preferredCountries("en")).toEqual([]);
    expect(preferredCountries("pt-BR,pt;q=0.8")).toEqual(["BR", "PT"]);
  });
  it("puts a CDN country header first and ignores junk", () => {
    expect(preferredCountries("en-US", "ca")).toEqual(["CA", "US"]);
    expect(preferredCountries("*;q=1, en-XX-1;q=0, zz", "XX")).toEqual([]);
    expect(preferredCountries(undefined, null)).toEqual([]);
  });
});

describe("chooseDefaultRegion", () => {
  it("opens the shopper's region", () => {
    expect(chooseDefaultRegion(steam, ["GB"])).toBe("UK");
    expect(chooseDefaultRegion(steam, ["DE"])).toBe("EU");
    expect(chooseDefaultRegion(steam, ["JP", "US"])).toBe("US");
  });
  it("falls back to a global region, then to the region with most values", () => {
    const withGlobal = [...steam, { region: "Global", countries: ["US", "GB"], skuCount: 1 }];
    expect(chooseDefaultRegion(withGlobal, ["JP"])).toBe("Global");
    expect(chooseDefaultRegion(withGlobal, ["US"])).toBe("US");
    expect(
      chooseDefaultRegion(
        [
          { region: "BR", countries: ["BR"], skuCount: 2 },
          { region: "IN", countries: ["IN"], skuCount: 3 },
        ],
        [],
      ),
    ).toBe("IN");
    expect(chooseDefaultRegion([], ["US"])).toBeNull();
  });
  it("labels known regions", () => {
    expect(getRegionLabel("EU")).toBe("Europe");
    expect(getRegionLabel("Mars")).toBe("Mars");
  });
});
