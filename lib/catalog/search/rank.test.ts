import { describe, expect, it } from "vitest";
import { parseSearchQuery, startsAWord } from "./query-terms";
import { compareRanked, rankTier, type RankKeys } from "./rank";

describe("search terms", () => {
  it("lowercases, collapses spaces and drops repeated words", () => {
    expect(parseSearchQuery("  Steam   WALLET steam ")).toEqual({ text: "steam wallet", words: ["steam", "wallet"] });
    expect(parseSearchQuery("   ")).toEqual({ text: "", words: [] });
  });

  it("finds a word start after a space, a dash or any other non-letter", () => {
    expect(startsAWord("steam wallet steam-us-50", "us")).toBe(true);
    expect(startsAWord("superstream voucher", "stream")).toBe(false);
    expect(startsAWord("100% card", "card")).toBe(true);
  });
});

describe("relevance", () => {
  const row = (itemCode: string, searchText: string) => ({ itemCode, searchText });

  it("tiers exact item code, then every word at a word start, then contains", () => {
    expect(rankTier(row("STEAM-US-50", "steam $50 steam steam-us-50"), parseSearchQuery("steam-us-50"))).toBe(0);
    expect(rankTier(row("STEAM-US-50", "steam $50 steam steam-us-50"), parseSearchQuery("us ste"))).toBe(1);
    expect(rankTier(row("LIVE-1", "livesteam pass livesteam live-1"), parseSearchQuery("steam"))).toBe(2);
    expect(rankTier(row("X", "steam livesteam x"), parseSearchQuery("steam ivest"))).toBe(2);
  });

  it("orders a tier like the default listing and ends ties on the item code", () => {
    const keys = (over: Partial<RankKeys>): RankKeys => ({
      tier: 1,
      featured: false,
      brandName: "B",
      productFamily: null,
      faceValue: "10",
      productName: "n",
      itemCode: "X",
      ...over,
    });
    const sorted = [
      keys({ itemCode: "E", tier: 2 }),
      keys({ itemCode: "D", faceValue: "100" }),
      keys({ itemCode: "C", faceValue: "25" }),
      keys({ itemCode: "B", brandName: "A" }),
      keys({ itemCode: "A", featured: true }),
      keys({ itemCode: "F", tier: 0 }),
    ].sort(compareRanked);
    expect(sorted.map((k) => k.itemCode)).toEqual(["F", "A", "B", "C", "D", "E"]);
  });
});
