import { describe, expect, it } from "vitest";
import { healthWindowMs, isFailing, type RecordedCall } from "./health";

const t0 = new Date("2026-11-27T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);
const call = (outcome: string, httpStatus: number | null, ms: number): RecordedCall => ({
  outcome,
  httpStatus,
  createdAt: at(ms),
});

describe("isFailing", () => {
  it("is failing when the last three calls got no answer: a 5xx, a timeout, a lost connection", () => {
    const latest = [
      call("UpstreamNetworkError", null, 2000),
      call("UpstreamTimeoutError", null, 1000),
      call("UpstreamServerError", 503, 0),
    ];
    expect(isFailing(latest, at(3000))).toBe(true);
  });

  it("is not failing on fewer than three calls, or when one of them was answered, even by a refusal", () => {
    const e = call("UpstreamServerError", 502, 0);
    expect(isFailing([e, e], at(1))).toBe(false);
    expect(isFailing([e, call("OutOfStockError", 409, 0), e], at(1))).toBe(false);
    expect(isFailing([e, call("completed", 200, 0), e], at(1))).toBe(false);
    expect(isFailing([e, call("RateLimitedError", 429, 0), e], at(1))).toBe(false);
  });

  it("lets the supplier be tried again once the window after its last failure has passed", () => {
    const latest = [0, 0, 0].map(() => call("UpstreamServerError", 500, 0));
    expect(isFailing(latest, at(healthWindowMs))).toBe(true);
    expect(isFailing(latest, at(healthWindowMs + 1))).toBe(false);
  });
});
