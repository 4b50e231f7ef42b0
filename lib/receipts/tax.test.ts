import { describe, expect, it } from "vitest";
import { includedTax } from "./tax";

describe("tax included in a receipt's total", () => {
  it("is total × rate / (100 + rate), rounded half-up to the cent", () => {
    expect(includedTax("120.00", "20").toFixed(2)).toBe("20.00");
    expect(includedTax("60.72", "20").toFixed(2)).toBe("10.12");
    expect(includedTax("10.00", "7.5").toFixed(2)).toBe("0.70");
    expect(includedTax("0.05", "19").toFixed(2)).toBe("0.01");
  });

  it("is nothing at a zero rate (the default: no tax line)", () => {
    expect(includedTax("99.99", "0").toFixed(2)).toBe("0.00");
  });
});
