import { describe, expect, it } from "vitest";
import { medianRun, readRun, type Lhr, type LighthouseRun } from "../../scripts/bench/lighthouse-figures";

// The parts of a Lighthouse 12 report the bench reads, in the shapes Lighthouse writes them.
function report(lcpMs: number, phases: [string, number][]): Lhr {
  return {
    lighthouseVersion: "12.8.2",
    categories: { performance: { score: 0.97 } },
    audits: {
      "largest-contentful-paint": { numericValue: lcpMs },
      "cumulative-layout-shift": { numericValue: 0.012345 },
      "total-blocking-time": { numericValue: 141.6 },
      "total-byte-weight": { numericValue: 102_400 },
      "resource-summary": {
        details: {
          type: "table",
          items: [
            { resourceType: "total", transferSize: 102_400 },
            { resourceType: "script", transferSize: 51_200 },
            { resourceType: "stylesheet", transferSize: 0 },
          ],
        },
      },
      "mainthread-work-breakdown": {
        details: {
          type: "table",
          items: [
            { group: "styleLayout", groupLabel: "Style & Layout", duration: 120.4 },
            { group: "scriptEvaluation", groupLabel: "Script Evaluation", duration: 910.6 },
            { group: "other", groupLabel: "Other", duration: 300 },
          ],
        },
      },
      "bootup-time": {
        details: {
          type: "table",
          items: [
            { url: "http://127.0.0.1:3200/p/AIRBNB-EU-100", total: 200.2 },
            { url: "http://127.0.0.1:3200/_next/static/chunks/0abc.js", total: 640.7 },
          ],
        },
      },
      "largest-contentful-paint-element": {
        details: {
          type: "list",
          items: [
            {
              type: "table",
              items: [{ node: { type: "node", selector: "body > aside > p", nodeLabel: "Demo: Giftly is a demo" } }],
            },
            {
              type: "table",
              items: phases.map(([phase, timing]) => ({ phase, timing, percent: "" })),
            },
          ],
        },
      },
    },
  };
}

const run = (lcpMs: number, element: string): LighthouseRun => ({
  lcpMs,
  cls: 0,
  tbtMs: lcpMs / 10,
  score: 1,
  element,
  breakdownMs: { TTFB: lcpMs / 2 },
  transferKiB: 100,
  scriptKiB: 50,
  stylesheetKiB: 0,
  mainThreadMs: [{ group: element, ms: lcpMs }],
  scriptsMs: [],
});

describe("Lighthouse figures", () => {
  it("reads LCP, CLS, TBT, score, the LCP element, its phases, the bytes and the main thread's work of one report", () => {
    const r = readRun(
      report(1234.4, [
        ["TTFB", 480.2],
        ["Load Delay", 0],
        ["Load Time", 0],
        ["Render Delay", 754.2],
      ]),
    );
    expect(r).toEqual({
      lcpMs: 1234,
      cls: 0.0123,
      tbtMs: 142,
      score: 0.97,
      element: 'body > aside > p "Demo: Giftly is a demo"',
      breakdownMs: { TTFB: 480, "Load Delay": 0, "Load Time": 0, "Render Delay": 754 },
      transferKiB: 100,
      scriptKiB: 50,
      stylesheetKiB: 0,
      mainThreadMs: [
        { group: "Script Evaluation", ms: 911 },
        { group: "Other", ms: 300 },
        { group: "Style & Layout", ms: 120 },
      ],
      scriptsMs: [
        { url: "0abc.js", ms: 641 },
        { url: "/p/AIRBNB-EU-100", ms: 200 },
      ],
    });
  });

  it("reports the median of each figure, and the element and phases of the run whose LCP is the median", () => {
    const m = medianRun([run(3000, "slow"), run(1000, "fast"), run(1200, "middle")]);
    expect(m.lcpMs).toBe(1200);
    expect(m.tbtMs).toBe(120);
    expect(m.element).toBe("middle");
    expect(m.breakdownMs).toEqual({ TTFB: 600 });
    expect(m.mainThreadMs).toEqual([{ group: "middle", ms: 1200 }]);
  });
});
