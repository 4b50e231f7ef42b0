import { describe, expect, it } from "vitest";
import { csvCell } from "./csv-cell";

describe("csvCell", () => {
  it("leaves plain values alone and empties null", () => {
    expect(csvCell("ORD-2026-000001")).toBe("ORD-2026-000001");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(null)).toBe("");
  });

  it("quotes commas, quotes and newlines", () => {
    expect(csvCell('Card, "gold"\nx')).toBe('"Card, ""gold""\nx"');
  });

  it("defuses a spreadsheet formula in a shopper-controlled field", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell("@SUM(A1)")).toBe('"\'@SUM(A1)"');
  });
});
