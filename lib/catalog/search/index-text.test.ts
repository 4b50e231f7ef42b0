import { describe, expect, it } from "vitest";
import { buildSearchText } from "./index-text";

const steam = {
  productName: "Steam  Wallet 50",
  brand: "Steam & Co",
  itemCode: "STM-US-50",
  productType: "game_card",
  category: "Gaming",
  familyName: "Steam & Co",
};

describe("buildSearchText", () => {
  it("joins name, brand and item code, then family, category and type words, in lower case with single spaces", () => {
    expect(buildSearchText(steam)).toBe("steam wallet 50 steam & co stm-us-50 gaming game cards game card");
  });

  it("indexes a top-up by the ways shoppers spell it", () => {
    const text = buildSearchText({ ...steam, productType: "direct_top_up", familyName: "Free Fire" });
    expect(text).toContain("free fire");
    for (const word of ["top-up", "top up", "topup"]) expect(text).toContain(word);
  });

  it("never indexes the hidden test type as Others", () => {
    expect(buildSearchText({ ...steam, productType: "test" })).not.toContain("others");
  });
});
