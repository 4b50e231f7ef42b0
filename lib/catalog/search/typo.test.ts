import { describe, expect, it } from "vitest";
import { correctWords, editDistance, isKnown, nearestWords, type Vocabulary } from "./typo";

const vocabulary: Vocabulary = {
  words: new Map([
    ["steam", 120],
    ["stream", 3],
    ["playstation", 80],
    ["store", 80],
    ["amazon", 200],
    ["google", 90],
    ["play", 90],
  ]),
};

describe("editDistance", () => {
  it("counts insertions, deletions, substitutions and a swap of neighbours as one edit each", () => {
    expect(editDistance("steam", "steam", 2)).toBe(0);
    expect(editDistance("stema", "steam", 2)).toBe(1);
    expect(editDistance("playstaion", "playstation", 2)).toBe(1);
    expect(editDistance("amazn", "amazon", 2)).toBe(1);
    expect(editDistance("stxam", "steam", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
  });

  it("gives up past the bound", () => {
    expect(editDistance("steam", "google", 1)).toBe(2);
    expect(editDistance("a", "abcdef", 2)).toBe(3);
  });
});

describe("typo correction over the vocabulary", () => {
  it("leaves words that occur (inside a vocabulary word too) alone", () => {
    expect(isKnown("tea", vocabulary)).toBe(true);
    expect(correctWords(["steam", "sto"], vocabulary)).toBeNull();
  });

  it("replaces an unknown word by the nearest, most common one", () => {
    expect(correctWords(["stema"], vocabulary)).toEqual(["steam"]);
    expect(correctWords(["playstaion", "stroe"], vocabulary)).toEqual(["playstation", "store"]);
    expect(correctWords(["gogle", "play"], vocabulary)).toEqual(["google", "play"]);
  });

  it("corrects the start of a word still being typed", () => {
    expect(nearestWords("plya", vocabulary, { limit: 1 })).toEqual(["play"]);
    expect(nearestWords("playstai", vocabulary, { limit: 1 })).toEqual(["playstation"]);
    expect(nearestWords("amaz0", vocabulary, { limit: 1 })).toEqual(["amazon"]);
  });

  it("does not guess for short words or numbers, and looser only when asked", () => {
    expect(correctWords(["stm"], vocabulary)).toBeNull();
    expect(correctWords(["12345"], vocabulary)).toBeNull();
    expect(nearestWords("stxxm", vocabulary)).toEqual([]);
    expect(nearestWords("stxxm", vocabulary, { loose: true })).toContain("steam");
  });
});
