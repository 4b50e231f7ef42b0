import { describe, expect, it } from "vitest";
import {
  afterFailure,
  claimLeaseMs,
  isTooOld,
  maxAgeMs,
  maxAttempts,
  retryDelaysMs,
  sendDeadlineMs,
} from "./outbox-policy";

const t0 = new Date("2026-11-25T12:00:00Z");

describe("outbox retry policy", () => {
  it("waits longer after each failed attempt", () => {
    const waits = retryDelaysMs.map((_, i) => {
      const o = afterFailure(i + 1, t0, { permanent: false, createdAt: t0 });
      return o.status === "outbox" ? o.nextAttemptAt.getTime() - t0.getTime() : null;
    });
    expect(waits).toEqual([...retryDelaysMs]);
    for (let i = 1; i < waits.length; i++) expect(waits[i]!).toBeGreaterThan(waits[i - 1]!);
  });

  it("gives up after the last attempt, and at once on a permanent refusal", () => {
    expect(afterFailure(maxAttempts, t0, { permanent: false, createdAt: t0 })).toEqual({ status: "failed" });
    expect(afterFailure(1, t0, { permanent: true, createdAt: t0 })).toEqual({ status: "failed" });
  });

  it("gives up rather than schedule an attempt past the maximum age", () => {
    const createdAt = new Date(t0.getTime() - maxAgeMs + 10_000);
    expect(afterFailure(1, t0, { permanent: false, createdAt })).toEqual({ status: "failed" });
    expect(isTooOld(createdAt, t0)).toBe(false);
    expect(isTooOld(createdAt, new Date(t0.getTime() + 10_001))).toBe(true);
  });

  it("keeps a send well inside its claim", () => {
    expect(sendDeadlineMs * 2).toBeLessThanOrEqual(claimLeaseMs);
  });
});
