import { describe, expect, it } from "vitest";
import { expandQuery, synonymsFor, type Synonym } from "./expand";

const all: Synonym[] = [
  { language: "en", term: "itunes", expandsTo: "apple" },
  { language: "en", term: "steam wallet", expandsTo: "steam" },
  { language: "id", term: "kartu hadiah", expandsTo: "gift card" },
  { language: "id", term: "kartu", expandsTo: "card" },
  { language: "es", term: "recarga", expandsTo: "top-up" },
  { language: "id", term: "itunes", expandsTo: "apple store" },
];

describe("synonymsFor", () => {
  it("applies English synonyms in every language and a language's own only in it", () => {
    const id = synonymsFor(all, "id");
    expect(id.get("kartu hadiah")).toEqual([["gift", "card"]]);
    expect(id.get("steam wallet")).toEqual([["steam"]]);
    expect(id.has("recarga")).toBe(false);
    expect(synonymsFor(all, "en").has("kartu hadiah")).toBe(false);
  });

  it("lets a language's own synonym win over the English one for the same term", () => {
    expect(synonymsFor(all, "id").get("itunes")).toEqual([["apple", "store"]]);
    expect(synonymsFor(all, "es").get("itunes")).toEqual([["apple"]]);
  });
});

describe("expandQuery", () => {
  const id = synonymsFor(all, "id");

  it("takes the longest synonym phrase, keeping the typed words as the first alternative", () => {
    expect(expandQuery(["kartu", "hadiah", "steam"], id)).toEqual([
      {
        text: "kartu hadiah",
        alternatives: [
          ["kartu", "hadiah"],
          ["gift", "card"],
        ],
      },
      { text: "steam", alternatives: [["steam"]] },
    ]);
  });

  it("expands a shorter phrase where the longer one is not typed", () => {
    expect(expandQuery(["kartu", "steam", "wallet"], id)).toEqual([
      { text: "kartu", alternatives: [["kartu"], ["card"]] },
      { text: "steam wallet", alternatives: [["steam", "wallet"], ["steam"]] },
    ]);
  });

  it("leaves a query without synonyms one concept per word", () => {
    expect(expandQuery(["steam", "20"], new Map())).toEqual([
      { text: "steam", alternatives: [["steam"]] },
      { text: "20", alternatives: [["20"]] },
    ]);
  });
});
