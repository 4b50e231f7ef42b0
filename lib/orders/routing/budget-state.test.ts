import { describe, expect, it } from "vitest";
import { hasPurchaseBudget, purchaseBudgetLeft } from "./budget-state";

const minute = Date.parse("2026-11-25T12:00:00Z");
const at = (ms: number) => new Date(minute + ms);
const row = (over: Partial<Parameters<typeof hasPurchaseBudget>[0] & object> = {}) => ({
  limit: 100,
  used: 0,
  windowStart: new Date(minute),
  blockedUntil: null,
  ...over,
});

describe("hasPurchaseBudget", () => {
  it("has budget before its first call (no row)", () => {
    expect(hasPurchaseBudget(null, at(0))).toBe(true);
  });
  it("has none once this minute's calls reach the limit, and has it again the next minute", () => {
    expect(hasPurchaseBudget(row({ used: 99 }), at(30_000))).toBe(true);
    expect(hasPurchaseBudget(row({ used: 100 }), at(30_000))).toBe(false);
    expect(hasPurchaseBudget(row({ used: 100 }), at(60_000))).toBe(true);
  });
  it("has none while a 429 blocks the key", () => {
    expect(hasPurchaseBudget(row({ blockedUntil: at(20_000) }), at(10_000))).toBe(false);
    expect(hasPurchaseBudget(row({ blockedUntil: at(20_000) }), at(20_000))).toBe(true);
  });
});

describe("purchaseBudgetLeft", () => {
  it("counts the calls left this minute, none while a 429 blocks the key, all of them the next minute", () => {
    expect(purchaseBudgetLeft(null, at(0))).toBeNull();
    expect(purchaseBudgetLeft(row({ used: 30 }), at(30_000))).toBe(70);
    expect(purchaseBudgetLeft(row({ used: 100 }), at(30_000))).toBe(0);
    expect(purchaseBudgetLeft(row({ used: 100 }), at(60_000))).toBe(100);
    expect(purchaseBudgetLeft(row({ blockedUntil: at(20_000) }), at(10_000))).toBe(0);
  });
});
