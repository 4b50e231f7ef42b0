import { describe, expect, it } from "vitest";
import { judgeRate, type MarketRateInput } from "./judge-rate";

const now = new Date("2026-11-25T12:00:00Z");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
const idr: MarketRateInput = {
  currency: "IDR",
  rateSource: "manual",
  manualRate: "16000",
  manualRateSetAt: hoursAgo(1),
  rateMaxAgeHours: 48,
};

describe("judgeRate", () => {
  it("answers 1 for the wallet currency, whatever the market says", () => {
    const r = judgeRate({ ...idr, currency: "USD", manualRate: null, manualRateSetAt: null }, null, "USD", now);
    expect(r).toMatchObject({ status: "ok", source: "wallet", asOf: now });
    expect(r.status === "ok" && r.rate.toString()).toBe("1");
  });

  it("trusts a rate up to exactly the market's limit, and calls it stale one millisecond later", () => {
    expect(judgeRate(idr, { rate: "16000", asOf: hoursAgo(48) }, "USD", now).status).toBe("ok");
    const stale = judgeRate(idr, { rate: "16000", asOf: new Date(hoursAgo(48).getTime() - 1) }, "USD", now);
    expect(stale).toMatchObject({ status: "stale", source: "manual", maxAgeHours: 48 });
  });

  it("calls a market without a rate, or with a rate of zero, missing", () => {
    expect(judgeRate({ ...idr, rateSource: "feed" }, null, "USD", now)).toEqual({ status: "missing", source: "feed" });
    expect(judgeRate(idr, { rate: "0", asOf: now }, "USD", now)).toEqual({ status: "missing", source: "manual" });
  });
});
