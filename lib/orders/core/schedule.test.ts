import { describe, expect, it } from "vitest";
import { nextPollAt, nextRetryAt } from "./schedule";

const now = new Date("2026-11-25T12:00:00Z");
const gap = (d: Date) => (d.getTime() - now.getTime()) / 1000;

describe("reconcile schedule", () => {
  it("polls a pending order after 10–30 s at first, then at growing intervals", () => {
    expect(gap(nextPollAt(now, 0))).toBeGreaterThanOrEqual(10);
    expect(gap(nextPollAt(now, 1))).toBeLessThanOrEqual(30);
    const gaps = [0, 1, 2, 3, 4, 5, 6, 50].map((n) => gap(nextPollAt(now, n)));
    expect([...gaps].sort((a, b) => a - b)).toEqual(gaps);
    expect(gaps.at(-1)).toBe(600);
  });
  it("waits at least retry_after seconds after a 429", () => {
    expect(gap(nextRetryAt(now, 0, 42))).toBe(42);
  });
});
