import { describe, expect, it } from "vitest";
import { parseSearchQuery, startsAWord } from "./query-terms";
import { compareRanked, rankTier, scoreMatch, type RankKeys } from "./rank";

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
      missed: 0,
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
      keys({ itemCode: "G", tier: 0, missed: 1 }),
    ].sort(compareRanked);
    expect(sorted.map((k) => k.itemCode)).toEqual(["F", "A", "B", "C", "D", "E", "G"]);
  });

  it("counts the words a row meets, and lists a partial match only through a word of 3+ characters", () => {
    const steam20 = row("STEAM-US-20", "steam $20 steam steam-us-20 gaming game cards game card");
    expect(scoreMatch(steam20, parseSearchQuery("steam 20 voucher"))).toEqual({ missed: 1, tier: 1 });
    expect(scoreMatch(steam20, parseSearchQuery("steam 20"))).toEqual({ missed: 0, tier: 1 });
    expect(scoreMatch(row("X-20", "xbox $20 xbox x-20"), parseSearchQuery("steam 20"))).toBeNull();
    expect(scoreMatch(row("X-20", "xbox $20 xbox x-20"), parseSearchQuery("qq 20"))).toBeNull();
  });

  it("meets a concept through any of its alternatives", () => {
    const amazon = row("AMAZON-25", "amazon $25 amazon amazon-25 shopping gift cards gift card giftcard");
    const concepts = [
      {
        text: "kartu hadiah",
        alternatives: [
          ["kartu", "hadiah"],
          ["gift", "card"],
        ],
      },
    ];
    expect(scoreMatch(amazon, parseSearchQuery("kartu hadiah"), concepts)).toEqual({ missed: 0, tier: 1 });
    expect(scoreMatch(row("S", "steam s"), parseSearchQuery("kartu hadiah"), concepts)).toBeNull();
  });
});
