import { describe, expect, it } from "vitest";
import { blockedPastMinute, checkLeavesRoom, hasPurchaseBudget, purchaseBudgetLeft } from "./budget-state";

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

describe("with purchases waiting at the supplier", () => {
  it("has no purchase budget for a new line once this minute's calls and the waiting purchases reach the limit", () => {
    expect(hasPurchaseBudget(row({ used: 60 }), at(30_000), 39)).toBe(true);
    expect(hasPurchaseBudget(row({ used: 60 }), at(30_000), 40)).toBe(false);
    // A fresh minute is all there is for them.
    expect(hasPurchaseBudget(row({ used: 60 }), at(60_000), 99)).toBe(true);
    expect(hasPurchaseBudget(row({ used: 60 }), at(60_000), 100)).toBe(false);
  });
  it("counts the calls left after them, below zero when they need more than this minute has", () => {
    expect(purchaseBudgetLeft(row({ used: 30 }), at(30_000), 20)).toBe(50);
    expect(purchaseBudgetLeft(row({ used: 30 }), at(30_000), 90)).toBe(-20);
    expect(purchaseBudgetLeft(row({ blockedUntil: at(20_000) }), at(10_000), 5)).toBe(0);
  });
});

describe("checkLeavesRoom", () => {
  it("lets a check go out within the checks' share (85 of 100) when nothing waits", () => {
    expect(checkLeavesRoom(null, at(0), 0)).toBe(true);
    expect(checkLeavesRoom(row({ used: 84 }), at(30_000), 0)).toBe(true);
    expect(checkLeavesRoom(row({ used: 85 }), at(30_000), 0)).toBe(false);
  });
  it("holds a check back when it would take a call the waiting purchases need", () => {
    expect(checkLeavesRoom(row({ used: 70 }), at(30_000), 14)).toBe(true);
    expect(checkLeavesRoom(row({ used: 70 }), at(30_000), 15)).toBe(false);
    expect(checkLeavesRoom(row({ used: 70 }), at(60_000), 15)).toBe(true);
    expect(checkLeavesRoom(row({ blockedUntil: at(20_000) }), at(10_000), 0)).toBe(false);
  });
});

describe("blockedPastMinute", () => {
  it("is true only while a 429 blocks the key beyond the end of this minute", () => {
    expect(blockedPastMinute(null, at(0))).toBe(false);
    expect(blockedPastMinute(row({ used: 100 }), at(30_000))).toBe(false);
    expect(blockedPastMinute(row({ blockedUntil: at(60_000) }), at(30_000))).toBe(false);
    expect(blockedPastMinute(row({ blockedUntil: at(60 * 60_000) }), at(30_000))).toBe(true);
    expect(blockedPastMinute(row({ blockedUntil: at(60 * 60_000) }), at(60 * 60_000))).toBe(false);
  });
});
