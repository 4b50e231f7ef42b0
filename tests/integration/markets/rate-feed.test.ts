// The reference-rate job against a local feed (the ECB's XML served from this process): it
// reads the day's rates per wallet currency, refuses a malformed feed and keeps the last rates
// while owners are alerted, and holds a jump until an owner confirms (audited) or rejects it.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { confirmHeldRateAction, rejectHeldRateAction } from "@/lib/admin/rates/actions";
import { loadRatesPage } from "@/lib/admin/rates/load-rates";
import { checkAlert } from "@/lib/alerts/monitor";
import { db } from "@/lib/db";
import { resetEnvForTests } from "@/lib/env";
import { runRateFeed } from "@/lib/markets/rates/feed-job";
import { isFeedDue } from "@/lib/markets/rates/feed-schedule";
import { rateFor } from "@/lib/markets/rates/rate-for";
import { ecbFeedXml } from "../../helpers/ecb-feed";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

let server: http.Server;
let body = "";
let status = 200;
let users: TestUsers;
const day = 24 * 3_600_000;
const start = Date.parse("2026-11-25T15:00:00Z");
const at = (ms: number) => new Date(start + ms);

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(status, { "Content-Type": "text/xml" });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  process.env.FX_FEED_URL = `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`;
  process.env.OUTBOUND_ALLOW_PRIVATE = "true";
  resetEnvForTests();
  users = await createRoleUsers("rates");
});
afterAll(async () => {
  delete process.env.FX_FEED_URL;
  delete process.env.OUTBOUND_ALLOW_PRIVATE;
  resetEnvForTests();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(() => actAs(null));

function serve(date: string, rates: Record<string, string>): void {
  status = 200;
  body = ecbFeedXml(date, rates);
}

/** The active rates per wallet unit, as "CUR rate". */
async function activeRates(): Promise<string[]> {
  const rows = await db.referenceRate.findMany({ where: { status: "active" }, orderBy: { currency: "asc" } });
  return rows.map((r) => `${r.currency} ${r.rate.toString()}`);
}

const feedMarket = {
  currency: "IDR",
  rateSource: "feed",
  manualRate: null,
  manualRateSetAt: null,
  rateMaxAgeHours: 48,
};

function form(rateId: string): FormData {
  const fd = new FormData();
  fd.set("rateId", rateId);
  return fd;
}

async function alertMails(title: string): Promise<string[]> {
  const rows = await db.outboxEmail.findMany({
    where: { kind: "alert", subject: { contains: title } },
    orderBy: { to: "asc" },
  });
  return rows.map((r) => `${r.to}: ${r.text}`);
}

describe("the reference-rate job", () => {
  it("reads the feed and stores each rate per wallet currency (USD), EUR included", async () => {
    expect(await rateFor(feedMarket, at(0))).toEqual({ status: "missing", source: "feed" });
    serve("2026-11-25", { USD: "1.25", IDR: "20000", BRL: "6.25" });
    expect(await isFeedDue(at(0))).toBe(true);
    expect(await runRateFeed({ now: at(0) })).toMatchObject({ status: "succeeded", applied: 3, held: 0 });
    expect(await activeRates()).toEqual(["BRL 5", "EUR 0.8", "IDR 16000"]);
    const r = await rateFor(feedMarket, at(1000));
    expect(r).toMatchObject({ status: "ok", source: "feed", asOf: at(0) });
    expect(r.status === "ok" && r.rate.toString()).toBe("16000");
    const run = await db.rateFetch.findFirstOrThrow({ orderBy: { startedAt: "desc" } });
    expect(run).toMatchObject({ status: "succeeded", applied: 3, feedDate: new Date("2026-11-25T00:00:00Z") });
    expect(await isFeedDue(at(3_600_000))).toBe(false);
  });

  it("reads the same date again as unchanged, and the rates' age starts again from that read", async () => {
    expect(await runRateFeed({ now: at(day) })).toMatchObject({ status: "unchanged", applied: 0 });
    expect(await activeRates()).toEqual(["BRL 5", "EUR 0.8", "IDR 16000"]);
    expect(await rateFor(feedMarket, at(2.5 * day))).toMatchObject({ status: "ok", asOf: at(day) });
  });

  it("refuses a malformed feed, keeps the last rates, and alerts the owners with the reason", async () => {
    status = 200;
    body = ecbFeedXml("2026-11-27", { USD: "1.25", IDR: "20000" }).replace("</gesmes:Envelope>", "");
    expect(await runRateFeed({ now: at(2 * day) })).toMatchObject({ status: "refused" });
    expect(await activeRates()).toEqual(["BRL 5", "EUR 0.8", "IDR 16000"]);
    await checkAlert("rate_feed", at(2 * day));
    const mails = await alertMails("Exchange rates need an owner");
    expect(mails).toEqual([
      expect.stringMatching(/^rates-owner@example\.test: .*malformed XML: <gesmes:Envelope> is never closed/s),
    ]);
  });

  it("refuses a feed without the wallet currency, with a DOCTYPE, with a bad number, or older than the last", async () => {
    const refusals: string[] = [];
    const tryFeed = async (ms: number) => {
      const run = await runRateFeed({ now: at(ms) });
      refusals.push(`${run.status}: ${"error" in run ? run.error : ""}`);
    };
    serve("2026-11-27", { JPY: "162.5", IDR: "20000" });
    await tryFeed(2 * day + 1);
    serve("2026-11-27", { USD: "1.25", IDR: "-20000" });
    await tryFeed(2 * day + 2);
    body = '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>' + ecbFeedXml("2026-11-27", { USD: "1.25" });
    await tryFeed(2 * day + 3);
    serve("2026-11-24", { USD: "1.25", IDR: "20000" });
    await tryFeed(2 * day + 4);
    status = 503;
    await tryFeed(2 * day + 5);
    expect(refusals).toEqual([
      "refused: the feed has no rate for the wallet currency USD",
      "refused: a rate must be a plain decimal number (IDR)",
      "refused: DOCTYPE, ENTITY and other declarations are refused",
      "refused: the feed's date 2026-11-24 is older than the last one, 2026-11-25",
      "failed: the feed answered HTTP 503",
    ]);
    expect(await activeRates()).toEqual(["BRL 5", "EUR 0.8", "IDR 16000"]);
  });

  it("holds a jump past the threshold until an owner confirms it, and then applies it (audited)", async () => {
    // IDR per USD 16000 → 17600 (+10 %); BRL 5 → 5.1 (+2 %) applies at once.
    serve("2026-11-27", { USD: "1.25", IDR: "22000", BRL: "6.375" });
    expect(await runRateFeed({ now: at(3 * day) })).toMatchObject({ status: "succeeded", applied: 2, held: 1 });
    expect(await activeRates()).toEqual(["BRL 5.1", "EUR 0.8", "IDR 16000"]);
    const held = await db.referenceRate.findFirstOrThrow({ where: { status: "held" } });
    expect(held).toMatchObject({ currency: "IDR" });
    expect([held.rate.toString(), held.previousRate?.toString(), held.movePercent?.toString()]).toEqual([
      "17600",
      "16000",
      "10",
    ]);
    const before = await rateFor(feedMarket, at(3 * day));
    expect(before.status === "ok" && before.rate.toString()).toBe("16000");

    actAs(users.owner);
    const page = await loadRatesPage(at(3 * day + 60_000));
    expect(page.held.map((r) => `${r.currency} ${r.previousRate} → ${r.rate} (${r.movePercent} %)`)).toEqual([
      "IDR 16000 → 17600 (10 %)",
    ]);
    expect(page.lastFetch).toMatchObject({ status: "succeeded", feedDate: "2026-11-27", applied: 2, held: 1 });
    expect(page.active.find((r) => r.currency === "IDR")).toMatchObject({ rate: "16000", ageMs: 2 * day + 60_000 });

    actAs(users.staff);
    await expect(loadRatesPage()).rejects.toMatchObject({ code: "forbidden" });
    expect(await confirmHeldRateAction(null, form(held.id))).toMatchObject({ ok: false });
    expect(await db.referenceRate.count({ where: { status: "held" } })).toBe(1);

    actAs(users.owner);
    expect(await confirmHeldRateAction(null, form(held.id))).toMatchObject({ ok: true });
    expect(await activeRates()).toEqual(["BRL 5.1", "EUR 0.8", "IDR 17600"]);
    const after = await rateFor(feedMarket, at(3 * day + 1));
    expect(after.status === "ok" && after.rate.toString()).toBe("17600");
    expect(await db.referenceRate.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({
      status: "active",
      decidedByEmail: "rates-owner@example.test",
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "rate.confirm" } });
    expect(audit).toMatchObject({ actorEmail: "rates-owner@example.test", targetId: held.id });
    expect(JSON.parse(audit.before!)).toMatchObject({
      status: "held",
      currency: "IDR",
      rate: "17600",
      activeRate: "16000",
    });
    // A second click finds nothing held.
    expect(await confirmHeldRateAction(null, form(held.id))).toMatchObject({ ok: false });
  });

  it("keeps the last rate when an owner rejects a jump", async () => {
    serve("2026-11-30", { USD: "1.25", IDR: "11000", BRL: "6.375" });
    expect(await runRateFeed({ now: at(6 * day) })).toMatchObject({ status: "succeeded", held: 1 });
    const held = await db.referenceRate.findFirstOrThrow({ where: { status: "held" } });
    actAs(users.owner);
    expect(await rejectHeldRateAction(null, form(held.id))).toMatchObject({ ok: true });
    expect(await activeRates()).toEqual(["BRL 5.1", "EUR 0.8", "IDR 17600"]);
    expect(await db.auditLog.count({ where: { action: "rate.reject", targetId: held.id } })).toBe(1);
  });
});
