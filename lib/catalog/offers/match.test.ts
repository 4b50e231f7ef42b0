import { describe, expect, it } from "vitest";
import { matchKey, offerRef, ownProductCode, placeOffers, type OfferFacts } from "./match";

const steam = (supplier: string, itemCode: string, over: Partial<OfferFacts> = {}): OfferFacts => ({
  supplier,
  itemCode,
  brandName: "Steam",
  productType: "game_card",
  region: "EU",
  faceValue: "20",
  currency: "EUR",
  ...over,
});

describe("matchKey", () => {
  it("is the same for one product spelled differently by two suppliers", () => {
    expect(matchKey(steam("a", "STEAM-EU-20"))).toBe(
      matchKey(steam("b", "stm_eur_20", { brandName: "STEAM ", faceValue: "20.00", currency: "eur", region: "eu" })),
    );
  });

  it("differs when the brand, type, region, face value or its currency differs", () => {
    const base = matchKey(steam("a", "x"));
    for (const over of [
      { brandName: "Steam Wallet" },
      { productType: "gift_card" },
      { region: "UK" },
      { faceValue: "25" },
      { currency: "GBP" },
    ])
      expect(matchKey(steam("a", "x", over))).not.toBe(base);
  });
});

describe("placeOffers", () => {
  const products = [{ id: "p-steam-eu-20", matchKey: matchKey(steam("a", "STEAM-EU-20")) }];

  it("puts a second supplier's offer of the same product in that product, and a new product's offers in one new product", () => {
    const placed = placeOffers(products, [
      steam("b", "STM-20"),
      steam("b", "STM-50", { faceValue: "50" }),
      steam("c", "S50", { faceValue: "50.0" }),
    ]);
    expect(placed[0]).toEqual({ offer: "b:STM-20", productId: "p-steam-eu-20" });
    expect(placed[1]).toEqual({ offer: "b:STM-50", newProductKey: matchKey(steam("b", "x", { faceValue: "50" })) });
    expect(placed[2]).toEqual({ offer: "c:S50", newProductKey: matchKey(steam("b", "x", { faceValue: "50" })) });
  });

  it("follows the owner's link over the key, and keeps an unlinked offer in a product of its own", () => {
    const other = { id: "p-other", matchKey: "something|else" };
    const placed = placeOffers([...products, other], [steam("b", "STM-20"), steam("c", "S20")], {
      linked: new Map([[offerRef(steam("b", "STM-20")), "p-other"]]),
      unlinked: new Set([offerRef(steam("c", "S20"))]),
    });
    expect(placed[0]).toEqual({ offer: "b:STM-20", productId: "p-other" });
    expect(placed[1]).toEqual({ offer: "c:S20", newProductKey: "offer|c:S20" });
  });

  it("falls back to the key when the linked product no longer exists", () => {
    const placed = placeOffers(products, [steam("b", "STM-20")], {
      linked: new Map([["b:STM-20", "p-gone"]]),
      unlinked: new Set(),
    });
    expect(placed[0]).toEqual({ offer: "b:STM-20", productId: "p-steam-eu-20" });
  });

  it("never places an offer by key when several shop products share that key: the same item code, or none", () => {
    // Four products one key cannot tell apart (the sandbox's TEST-INSTANT, TEST-FAIL… differ only by
    // what they do): b's TEST-INSTANT must not be sold as the oldest of them.
    const alike = (code: string) => steam("main", code, { brandName: "Test", faceValue: "1" });
    const shop = ["TEST-FAIL", "TEST-INSTANT", "TEST-OOS"].map((id) => ({ id, matchKey: matchKey(alike(id)) }));
    const placed = placeOffers(shop, [
      steam("b", "TEST-INSTANT", { brandName: "Test", faceValue: "1" }),
      steam("b", "T-OTHER", { brandName: "Test", faceValue: "1" }),
    ]);
    expect(placed[0]).toEqual({ offer: "b:TEST-INSTANT", productId: "TEST-INSTANT" });
    expect(placed[1]).toEqual({ offer: "b:T-OTHER", newProductKey: "offer|b:T-OTHER" });
  });
});

describe("ownProductCode", () => {
  it("is the supplier's name and its item code there, so it never takes main's plain code", () => {
    expect(ownProductCode(steam("b", "STEAM-EU-20"))).toBe("b-STEAM-EU-20");
    expect(ownProductCode(steam("b", "STEAM-EU-20"))).not.toBe("STEAM-EU-20");
  });
});
