// A market's rate in use: a manual or feed rate older than the market's limit is stale, a
// currency without one is missing, and owners are alerted about every enabled market that
// cannot sell for it. One instance reads the feed at a time.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceAlert } from "@/lib/alerts/alert-state";
import { evaluateStaleRates } from "@/lib/alerts/conditions-rates";
import { sendDueNotice } from "@/lib/alerts/notify";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { runRateFeed } from "@/lib/markets/rates/feed-job";
import { listMarketsForRates, type MarketForRates } from "@/lib/markets/rates/markets-for-rates";
import { seedMarkets } from "@/lib/markets/seed-markets";
import { rateFor } from "@/lib/markets/rates/rate-for";
import { ecbFeedXml } from "../../helpers/ecb-feed";

let server: http.Server;
const hour = 3_600_000;
const start = Date.parse("2026-11-25T15:00:00Z");
const at = (ms: number) => new Date(start + ms);

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/xml" });
    res.end(ecbFeedXml("2026-11-25", { USD: "1.25", IDR: "20000" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.FX_FEED_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/daily.xml`;
  process.env.OUTBOUND_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  await db.user.create({ data: { email: "owner@shop.test", passwordHash: "not-used", role: "owner" } });
});
afterAll(async () => {
  delete process.env.FX_FEED_URL;
  delete process.env.OUTBOUND_ALLOW_PRIVATE;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
});

const market = (m: Partial<MarketForRates>): MarketForRates => ({
  name: "Indonesia",
  enabled: true,
  currency: "IDR",
  rateSource: "feed",
  manualRate: null,
  manualRateSetAt: null,
  rateMaxAgeHours: 24,
  ...m,
});

describe("rateFor", () => {
  it("applies the feed once when two instances run at the same moment", async () => {
    const runs = await Promise.all([runRateFeed({ now: at(0) }), runRateFeed({ now: at(0) })]);
    // One applies it; the other either waited out the lease ("skipped") or, starting after the
    // first had finished, found the same rates ("unchanged"): never two applications.
    const statuses = runs.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === "succeeded")).toHaveLength(1);
    expect(statuses.filter((s) => s !== "succeeded")[0]).toMatch(/^(skipped|unchanged)$/);
    expect(await db.referenceRate.count({ where: { status: "active" } })).toBe(2);
  });

  it("answers a feed rate until it is older than the market's limit, then stale", async () => {
    expect(await rateFor(market({}), at(24 * hour))).toMatchObject({ status: "ok", source: "feed", asOf: at(0) });
    expect(await rateFor(market({}), at(24 * hour + 1))).toMatchObject({ status: "stale", maxAgeHours: 24 });
  });

  it("answers missing for a currency the feed does not carry, and for a manual market without a rate", async () => {
    expect(await rateFor(market({ currency: "BRL" }), at(0))).toEqual({ status: "missing", source: "feed" });
    expect(await rateFor(market({ rateSource: "manual" }), at(0))).toEqual({ status: "missing", source: "manual" });
  });

  it("ages a manual rate from when it was set, and never a wallet-currency market's", async () => {
    const manual = market({ rateSource: "manual", manualRate: "16250", manualRateSetAt: at(0) });
    const ok = await rateFor(manual, at(hour));
    expect(ok.status === "ok" && ok.rate.toString()).toBe("16250");
    expect(await rateFor(manual, at(25 * hour))).toMatchObject({ status: "stale", source: "manual" });
    expect(await rateFor(market({ currency: "USD" }), at(1000 * hour))).toMatchObject({
      status: "ok",
      source: "wallet",
    });
  });
});

describe("the stale-rate alert", () => {
  it("alerts owners about enabled markets whose rate is stale or missing, and leaves disabled ones alone", async () => {
    const markets = [
      market({}),
      market({ name: "Brazil", currency: "BRL", rateSource: "manual" }),
      market({ name: "Spain", currency: "EUR", enabled: false }),
      market({ name: "United States", currency: "USD" }),
    ];
    const now = at(30 * hour);
    const ev = await evaluateStaleRates(now, async () => markets);
    expect(ev.active).toBe(true);
    expect(ev.summary).toBe(
      "Checkout is stopped in these markets until their rate is fresh: Indonesia (IDR, feed rate of 2026-11-25 15:00 UTC); Brazil (BRL, no manual rate). Set a manual rate or check the feed.",
    );
    await advanceAlert("stale_rates", ev, now);
    expect(await sendDueNotice("stale_rates", ev, now)).toBe("sent");
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { kind: "alert" } });
    expect(mail).toMatchObject({ to: "owner@shop.test", subject: expect.stringMatching(/exchange rate is stale/) });

    const fresh = await evaluateStaleRates(at(hour), async () => markets.slice(2));
    expect(fresh.active).toBe(false);
  });

  it("checks the shop's own markets: the demo markets' manual rates go stale after their 30 days", async () => {
    await seedMarkets();
    const listed = await listMarketsForRates();
    expect(listed.map((m) => m.currency).sort()).toEqual(["BRL", "EUR", "IDR", "SAR", "USD"]);
    const newest = Math.max(...listed.map((m) => m.manualRateSetAt?.getTime() ?? 0));
    expect((await evaluateStaleRates(new Date(newest + 29 * 24 * hour), listMarketsForRates)).active).toBe(false);
    const late = await evaluateStaleRates(new Date(newest + 31 * 24 * hour), listMarketsForRates);
    expect(late.summary).toMatch(/Indonesia \(IDR, manual rate of .*Saudi Arabia \(SAR, manual rate/);
    expect(late.summary).not.toContain("USD");
  });
});
