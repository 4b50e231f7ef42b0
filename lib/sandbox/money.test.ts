import { describe, expect, it } from "vitest";
import { centsToNumber, formatCents, parseCents } from "./money";

describe("sandbox money", () => {
  it("parses decimal strings to exact cents and formats them back", () => {
    expect(parseCents("5000.00")).toBe(500_000);
    expect(parseCents("0.1")).toBe(10);
    expect(parseCents("12")).toBe(1200);
    expect(formatCents(4997)).toBe("49.97");
    expect(formatCents(-5)).toBe("-0.05");
    expect(centsToNumber(1030)).toBe(10.3);
  });

  it("sums many 0.10 debits without float drift", () => {
    let cents = parseCents("1.00");
    for (let i = 0; i < 10; i++) cents -= parseCents("0.10");
    expect(formatCents(cents)).toBe("0.00");
  });

  it("rejects amounts that are not plain non-negative decimals with at most two places", () => {
    for (const bad of ["-1", "1.005", "abc", "", "1e3"]) expect(() => parseCents(bad)).toThrow();
  });
});
