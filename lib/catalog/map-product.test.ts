import { describe, expect, it } from "vitest";
import { buildSearchText } from "./map-product";

describe("buildSearchText", () => {
  it("joins name, brand and item code in lower case with single spaces", () => {
    expect(buildSearchText({ productName: "Steam  Wallet 50", brand: "Steam & Co", itemCode: "STM-US-50" })).toBe(
      "steam wallet 50 steam & co stm-us-50",
    );
  });
});
