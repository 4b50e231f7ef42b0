// The bench's page report judges each page against the same page's bytes served as a static file
// on its OWN path (`next start` against `next start`, proxy against proxy), shows its share of the
// stylesheet beside, and prints issue 22's target with "met" or "missed".
import { describe, expect, it } from "vitest";
import type { LoadResult } from "../../scripts/bench/http-load";
import type { HttpFigures, PageRounds } from "../../scripts/bench/http-phase";
import { formatPages } from "../../scripts/bench/http-report";
import { formatTable } from "../../scripts/bench/format-table";

const summary = (p95: number) => ({ n: 10, p50: p95 / 2, p95, p99: p95, max: p95, mean: p95 / 2 });
const round = (perSecond: number, p95: number, cache: Record<string, number> = {}): LoadResult => ({
  requests: perSecond,
  ok: perSecond,
  non2xx: 0,
  errors: 0,
  wrongBodies: 0,
  statuses: { 200: perSecond },
  cache,
  wallS: 1,
  perSecond,
  bodyMs: summary(p95),
  meanBytes: 2048,
  serverTimingMs: null,
});
const kind = (name: string, perSecond: number, p95: number, target = {}, baseline?: string): PageRounds => ({
  name,
  example: "/",
  target,
  baseline,
  rounds: [round(perSecond, p95), round(perSecond, p95), round(perSecond, p95)],
});
const figures = (homeP95: number): HttpFigures => ({
  clients: 10,
  roundSeconds: 5,
  staticUrl: "/_next/static/chunks/a.css",
  kinds: [kind("static file", 100, 10), kind("home /", 60, homeP95, { direct: 50, proxy: 90 })],
  proxy: [kind("static file", 1000, 2), kind("home /", 500, 3, { direct: 50, proxy: 90 })],
  suggestSolo: null,
});
const rowOf = (lines: string[], start: string) => lines.find((l) => l.startsWith(start)) ?? "";

describe("the bench's page report", () => {
  it("judges each page against its own bytes served as a static file on the same path, the stylesheet's share beside", () => {
    const copy = "  same bytes, static: home /";
    const h: HttpFigures = {
      ...figures(20),
      kinds: [
        kind("static file", 400, 5),
        kind(copy, 100, 10),
        kind("home /", 60, 20, { direct: 50, proxy: 90 }, copy),
        kind("home /id", 40, 20, { direct: 50, proxy: 90 }, copy),
      ],
      proxy: [
        kind("static file", 2000, 2),
        kind(copy, 1000, 2),
        kind("home /", 950, 3, { direct: 50, proxy: 90 }, copy),
        kind("home /id", 800, 3, { direct: 50, proxy: 90 }, copy),
      ],
    };
    const lines = formatPages([{ size: 1000, http: h }], formatTable)
      .join("\n")
      .split("\n");
    const home = rowOf(lines, "1000  home / ").split(/\s{2,}/);
    // next start: 60 of the copy's 100 req/s (≥ 50 %: met), 15 % of the stylesheet's 400;
    // proxy: 950 of 1,000 (≥ 90 %: met), 47.5 % of 2,000.
    expect(home.slice(3, 8)).toEqual(["60.0 (60.0–60.0)", "60.0 (60.0–60.0)", "≥ 50", "met", "15.0 (15.0–15.0)"]);
    expect(home.slice(10, 15)).toEqual(["950.0 (950.0–950.0)", "95.0 (95.0–95.0)", "≥ 90", "met", "47.5 (47.5–47.5)"]);
    // A market's page shares the copy of the page it is listed beside.
    const market = rowOf(lines, "1000  home /id").split(/\s{2,}/);
    expect(market.slice(4, 7)).toEqual(["40.0 (40.0–40.0)", "≥ 50", "missed"]);
    // The copy's own row is a baseline, judged against nothing.
    const copyRow = lines.find((l) => l.includes("same bytes, static: home /")) ?? "";
    expect(copyRow).toContain("100 (baseline)");
    expect(copyRow).not.toMatch(/met|missed/);
  });

  it("judges a result from before the copies were measured against the stylesheet, as it was then", () => {
    const lines = formatPages([{ size: 1000, http: figures(20) }], formatTable)
      .join("\n")
      .split("\n");
    const home = rowOf(lines, "1000  home /").split(/\s{2,}/);
    // next start: 60 of 100 req/s against ≥ 50 %; proxy: 500 of 1,000 against ≥ 90 %.
    expect(home.slice(4, 8)).toEqual(["-", "≥ 50", "met", "60.0 (60.0–60.0)"]);
    expect(home.slice(11, 15)).toEqual(["-", "≥ 90", "missed", "50.0 (50.0–50.0)"]);
  });

  it("says whether Next answered each page from its page cache or rendered it", () => {
    const h = figures(20);
    h.kinds[1]!.rounds = [
      { ...round(60, 20), appCache: { HIT: 10, STALE: 30 } },
      { ...round(60, 20), appCache: { STALE: 50 } },
      round(60, 20),
    ];
    const lines = formatPages([{ size: 1000, http: h }], formatTable)
      .join("\n")
      .split("\n");
    const home = rowOf(lines, "1000  home /").split(/\s{2,}/);
    expect(home[9]).toBe("STALE 89%");
  });

  it("judges the p95 at the largest size against 1.5 × the smallest's", () => {
    const lines = formatPages(
      [
        { size: 1000, http: figures(20) },
        { size: 50000, http: figures(40) },
      ],
      formatTable,
    )
      .join("\n")
      .split("\n");
    const ratios = lines.slice(lines.findIndex((l) => l.includes("p95 at 50000 ÷ p95 at 1000")));
    expect(rowOf(ratios, "home /")).toMatch(/20\.0\s+40\.0\s+2\.00×\s+missed\s+3\.0\s+3\.0\s+1\.00×\s+met/);
    // The baseline is judged against nothing.
    expect(rowOf(ratios, "static file")).not.toMatch(/met|missed/);
  });
});
