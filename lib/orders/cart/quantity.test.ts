import { describe, expect, it } from "vitest";
import { clampQuantity, describeQuantityBounds, maxLineQuantity, quantityBounds, quantityProblem } from "./quantity";

describe("one line's quantity bounds", () => {
  it("are the SKU's own, never above the line cap and never below one", () => {
    expect(quantityBounds({ minQuantity: 1, maxQuantity: 10 })).toEqual({ min: 1, max: 10 });
    expect(quantityBounds({ minQuantity: 0, maxQuantity: 500 })).toEqual({ min: 1, max: maxLineQuantity });
    // A supplier record whose max is under its min sells exactly the minimum.
    expect(quantityBounds({ minQuantity: 5, maxQuantity: 2 })).toEqual({ min: 5, max: 5 });
  });

  it("clamp a typed quantity and say what is wrong with one outside them", () => {
    const b = { min: 2, max: 10 };
    expect([clampQuantity(0, b), clampQuantity(3.7, b), clampQuantity(500, b), clampQuantity(Number.NaN, b)]).toEqual([
      2, 3, 10, 2,
    ]);
    expect(quantityProblem(5, b)).toBeNull();
    expect(quantityProblem(11, b, "Steam $20")).toBe("Choose between 2 and 10 of Steam $20.");
    expect(quantityProblem(1, b)).toBe("Choose between 2 and 10.");
  });

  it("read as the product page shows them", () => {
    expect(describeQuantityBounds({ min: 1, max: 100 })).toBe("1 to 100");
    expect(describeQuantityBounds({ min: 5, max: 5 })).toBe("5");
  });
});
