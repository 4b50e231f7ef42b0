import { describe, expect, it } from "vitest";
import { familiesMatching } from "./families";
import type { SearchFamily } from "./vocabulary";

const family = (name: string, productType: string, count: number): SearchFamily => ({
  slug: `${name}-${productType}`.toLowerCase(),
  name,
  productType,
  typeLabel: productType,
  count,
});
const index = {
  families: [
    family("Amazon", "gift_card", 50),
    family("Google Play", "app_store", 30),
    family("Steam", "game_card", 20),
    family("Steam", "gift_card", 5),
  ],
  familiesByWord: new Map([
    ["amazon", [0]],
    ["google", [1]],
    ["play", [1]],
    ["steam", [2, 3]],
    ["wallet", [2]],
    ["gift", [0, 3]],
    ["cards", [0, 2, 3]],
  ]),
};

describe("familiesMatching", () => {
  it("needs every typed word to start a word of the family, largest family first", () => {
    expect(familiesMatching(["ste"], index).map((f) => `${f.name}/${f.productType}`)).toEqual([
      "Steam/game_card",
      "Steam/gift_card",
    ]);
    expect(familiesMatching(["steam", "gif"], index).map((f) => f.productType)).toEqual(["gift_card"]);
    expect(familiesMatching(["goo", "pla"], index).map((f) => f.name)).toEqual(["Google Play"]);
  });

  it("ignores words the vocabulary cannot hold, and finds nothing from them alone", () => {
    expect(familiesMatching(["steam", "50", "$"], index)).toHaveLength(2);
    expect(familiesMatching(["50"], index)).toEqual([]);
    expect(familiesMatching(["xbox"], index)).toEqual([]);
  });
});
