import { describe, expect, it } from "vitest";
import { describeStock, outOfStockProblem } from "./stock-wording";

describe("describeStock", () => {
  it("words a live check without the supplier's numbers", () => {
    expect(describeStock({ availableQuantity: 999_992, requested: 1, available: true })).toEqual({
      level: "in_stock",
      label: "In stock",
    });
    expect(describeStock({ availableQuantity: 4, requested: 1, available: true })).toEqual({
      level: "few_left",
      label: "Only a few left",
    });
    expect(describeStock({ availableQuantity: 10, requested: 2, available: true }).level).toBe("few_left");
    expect(describeStock({ availableQuantity: 11, requested: 2, available: true }).level).toBe("in_stock");
    expect(describeStock({ availableQuantity: null, requested: 3, available: true }).level).toBe("in_stock");
    expect(describeStock({ availableQuantity: 2, requested: 3, available: false })).toEqual({
      level: "out_of_stock",
      label: "Out of stock",
    });
  });
  it("words the catalog's last known stock", () => {
    expect(describeStock({ inStock: true }).label).toBe("In stock");
    expect(describeStock({ inStock: false }).label).toBe("Out of stock");
  });
  it("says what to do when the quantity is not there, never how many are", () => {
    expect(outOfStockProblem("Steam $10", 5)).toBe(
      "Steam $10 does not have 5 in stock right now. Try a smaller quantity.",
    );
    expect(outOfStockProblem("Steam $10", 1)).not.toMatch(/\d+ in stock/);
  });
});
