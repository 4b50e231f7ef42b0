import { describe, expect, it } from "vitest";
import { marketFormSchema } from "./market-schema";

const draft = {
  slug: "id",
  name: "Indonesia",
  countries: "ID",
  currency: "IDR",
  defaultLanguage: "id",
  otherLanguages: ["en"],
  rateSource: "manual",
  manualRate: "16500",
  rateMaxAgeHours: "48",
  fxBufferPercent: "2",
  priceAdjustmentPercent: "",
  roundingKind: "up-to-step",
  roundingValue: "500",
  productRegions: "",
  enabled: true,
  isDefault: false,
  position: "20",
};

describe("marketFormSchema", () => {
  it("answers a blank or malformed number with a field error instead of throwing (the new-market form starts blank)", () => {
    for (const manualRate of ["", "abc", "1e5"]) {
      const parsed = marketFormSchema.safeParse({ ...draft, manualRate });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.some((i) => i.path[0] === "manualRate")).toBe(true);
    }
  });
  it("accepts a whole draft", () => {
    expect(marketFormSchema.safeParse(draft).success).toBe(true);
  });
});
