// The discount maths: decimal, whole cents per unit, never more than the code gives, scoped.
import { describe, expect, it } from "vitest";
import { computeDiscounts, promoAppliesTo, type DiscountLine } from "./discount";
import { promoFormSchema, splitScopeKeys } from "./promo-terms";

const line = (unitPrice: string, quantity = 1, extra: Partial<DiscountLine> = {}): DiscountLine => ({
  itemCode: "STEAM-US-20",
  productType: "game_card",
  brand: "Steam",
  quantity,
  unitPrice,
  ...extra,
});
const cents = (r: ReturnType<typeof computeDiscounts>) => ({
  units: r.unitDiscounts.map((d) => d.toFixed(2)),
  total: r.total.toFixed(2),
});

describe("percentage codes", () => {
  it("takes the percentage off each unit, rounded half-up to the cent", () => {
    expect(
      cents(
        computeDiscounts({ kind: "percent", value: "10", scope: "all", scopeKeys: [] }, [
          line("19.99", 3),
          line("0.05"),
        ]),
      ),
    ).toEqual({ units: ["2.00", "0.01"], total: "6.01" });
    expect(
      cents(computeDiscounts({ kind: "percent", value: "12.5", scope: "all", scopeKeys: [] }, [line("21.37", 2)])),
    ).toEqual({ units: ["2.67"], total: "5.34" });
  });

  it("never takes more than the price", () => {
    expect(
      cents(computeDiscounts({ kind: "percent", value: "100", scope: "all", scopeKeys: [] }, [line("3.33", 2)])),
    ).toEqual({ units: ["3.33"], total: "6.66" });
  });
});

describe("fixed-amount codes", () => {
  it("shares the amount over the eligible lines in proportion to their totals, exactly when it divides", () => {
    const r = computeDiscounts({ kind: "amount", value: "5", scope: "all", scopeKeys: [] }, [
      line("10.00"),
      line("30.00"),
    ]);
    expect(cents(r)).toEqual({ units: ["1.25", "3.75"], total: "5.00" });
  });

  it("hands out the odd cents a cent per unit and never gives more than the amount", () => {
    // 5.00 over 3 units of 10.00: 1.66 each is 4.98; the 2 cents left cannot be shared by 3 units.
    expect(
      cents(computeDiscounts({ kind: "amount", value: "5", scope: "all", scopeKeys: [] }, [line("10.00", 3)])),
    ).toEqual({ units: ["1.66"], total: "4.98" });
    // A line of one unit takes the odd cents: exact again.
    expect(
      cents(
        computeDiscounts({ kind: "amount", value: "5", scope: "all", scopeKeys: [] }, [line("10.00", 3), line("0.99")]),
      ),
    ).toEqual({ units: ["1.61", "0.17"], total: "5.00" });
  });

  it("makes eligible lines free, no more, when the amount is larger than they cost", () => {
    expect(
      cents(
        computeDiscounts({ kind: "amount", value: "100", scope: "all", scopeKeys: [] }, [
          line("7.10", 2),
          line("4.00", 1, { brand: "Xbox" }),
        ]),
      ),
    ).toEqual({ units: ["7.10", "4.00"], total: "18.20" });
  });

  it("keeps large figures exact (no binary floats), leaving less than a cent per unit ungiven", () => {
    const exact = computeDiscounts({ kind: "amount", value: "9999999.99", scope: "all", scopeKeys: [] }, [
      line("12345678.91", 1),
      line("0.01", 1),
    ]);
    expect(exact.total.toFixed(2)).toBe("9999999.99");
    const many = computeDiscounts({ kind: "amount", value: "9999999.99", scope: "all", scopeKeys: [] }, [
      line("12345678.91", 100),
      line("0.01", 1),
    ]);
    expect(many.unitDiscounts.map((d) => d.toFixed(2))).toEqual(["99999.99", "0.01"]);
    expect(many.total.toFixed(2)).toBe("9999999.01"); // 0.98 short of the amount over 101 units
  });
});

describe("scope", () => {
  it("applies to the listed brands, types or item codes only (brands and codes in any case)", () => {
    const lines = [
      line("10.00"),
      line("10.00", 1, { brand: "Xbox", itemCode: "XBOX-US-10", productType: "game_card" }),
      line("10.00", 1, { brand: "Amazon", itemCode: "AMAZON-US-10", productType: "gift_card" }),
    ];
    expect(
      cents(computeDiscounts({ kind: "percent", value: "10", scope: "brand", scopeKeys: ["steam", "XBOX"] }, lines))
        .units,
    ).toEqual(["1.00", "1.00", "0.00"]);
    expect(
      cents(computeDiscounts({ kind: "percent", value: "10", scope: "product_type", scopeKeys: ["gift_card"] }, lines))
        .units,
    ).toEqual(["0.00", "0.00", "1.00"]);
    expect(
      cents(computeDiscounts({ kind: "amount", value: "3", scope: "sku", scopeKeys: ["xbox-us-10"] }, lines)).units,
    ).toEqual(["0.00", "3.00", "0.00"]);
    expect(promoAppliesTo({ scope: "product_type", scopeKeys: ["Gift_Card"] }, lines[2]!)).toBe(false);
  });
});

describe("the admin form", () => {
  const base = { code: " spring-10 ", kind: "percent", value: "10", scope: "brand", scopeKeys: "Steam,\nXbox, Steam" };

  it("normalises the code and the scope list, and reads empty limits and dates as none", () => {
    const r = promoFormSchema.safeParse(base);
    expect(r.success && r.data).toMatchObject({
      code: "SPRING-10",
      scopeKeys: ["Steam", "Xbox"],
      maxUses: null,
      maxUsesPerShopper: null,
      startsAt: null,
      endsAt: null,
      active: false,
    });
    expect(splitScopeKeys(" a ,, b\n")).toEqual(["a", "b"]);
  });

  it("refuses a percentage above 100, nothing off, an empty scope list and an end before the start", () => {
    const issues = (v: object) =>
      (promoFormSchema.safeParse({ ...base, ...v }).error?.issues ?? []).map((i) => i.path.join("."));
    expect(issues({ value: "101" })).toEqual(["value"]);
    expect(issues({ value: "0" })).toEqual(["value"]);
    expect(issues({ scopeKeys: " " })).toEqual(["scopeKeys"]);
    expect(issues({ startsAt: "2026-12-01T00:00", endsAt: "2026-11-30T00:00" })).toEqual(["endsAt"]);
    expect(issues({ code: "x" })).toEqual(["code"]);
  });
});
