// What the bench reads from a Lighthouse report (the figures of one run, the median of several)
// and how it prints them; the runs themselves are lighthouse-phase.ts.
import { percentile } from "./stats";

export type LcpPhaseName = "TTFB" | "Load Delay" | "Load Time" | "Render Delay";
export type LighthouseRun = {
  lcpMs: number;
  cls: number;
  tbtMs: number;
  score: number;
  element: string;
  breakdownMs: Partial<Record<LcpPhaseName, number>>;
  transferKiB: number;
  scriptKiB: number;
  stylesheetKiB: number;
  /** Where the main thread's time went, longest first (Lighthouse's work breakdown), in ms. */
  mainThreadMs: { group: string; ms: number }[];
  /** The scripts that kept it longest (Lighthouse's bootup time: evaluation + parse/compile), in ms. */
  scriptsMs: { url: string; ms: number }[];
};
export type LighthousePage = { name: string; path: string; runs: LighthouseRun[]; median: LighthouseRun };
export type LighthouseFigures = { size: number; lighthouse: string; pages: LighthousePage[] };

const kib = (bytes: number) => Math.round(bytes / 102.4) / 10;

type Item = Record<string, unknown>;
type Details = { type?: string; items?: Item[] };
export type Lhr = {
  lighthouseVersion: string;
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number; details?: Details } | undefined>;
};

/** The LCP element's label and its phases, from the largest-contentful-paint-element audit. */
function lcpElement(lhr: Lhr): Pick<LighthouseRun, "element" | "breakdownMs"> {
  const tables = (lhr.audits["largest-contentful-paint-element"]?.details?.items ?? []) as Details[];
  const node = tables[0]?.items?.[0]?.node as { nodeLabel?: string; selector?: string; snippet?: string } | undefined;
  const breakdownMs: LighthouseRun["breakdownMs"] = {};
  for (const row of tables[1]?.items ?? []) breakdownMs[row.phase as LcpPhaseName] = Math.round(Number(row.timing));
  // An element without text is labelled by its selector: show its tag instead.
  const text = node?.nodeLabel && node.nodeLabel !== node.selector ? node.nodeLabel : (node?.snippet ?? "");
  const label = node ? `${node.selector ?? "?"} ${JSON.stringify(text.slice(0, 48))}` : "?";
  return { element: label, breakdownMs };
}

function bytesOf(lhr: Lhr, resourceType: string): number {
  const row = lhr.audits["resource-summary"]?.details?.items?.find((r) => r.resourceType === resourceType);
  return Number(row?.transferSize ?? 0);
}

/** A script's URL without the origin, the build's hash path shortened to its file name. */
const shortUrl = (url: string) => {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/, "");
  return path.startsWith("/_next/static/") ? path.slice(path.lastIndexOf("/") + 1) : path;
};

function mainThread(lhr: Lhr): Pick<LighthouseRun, "mainThreadMs" | "scriptsMs"> {
  const groups = (lhr.audits["mainthread-work-breakdown"]?.details?.items ?? []).map((r) => ({
    group: String(r.groupLabel ?? r.group),
    ms: Math.round(Number(r.duration)),
  }));
  const scripts = (lhr.audits["bootup-time"]?.details?.items ?? []).map((r) => ({
    url: shortUrl(String(r.url)),
    ms: Math.round(Number(r.total)),
  }));
  const longest = <T extends { ms: number }>(rows: T[]) => rows.sort((a, b) => b.ms - a.ms).slice(0, 4);
  return { mainThreadMs: longest(groups), scriptsMs: longest(scripts) };
}

export function readRun(lhr: Lhr): LighthouseRun {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    lcpMs: Math.round(value("largest-contentful-paint")),
    cls: Math.round(value("cumulative-layout-shift") * 10000) / 10000,
    tbtMs: Math.round(value("total-blocking-time")),
    score: lhr.categories.performance?.score ?? NaN,
    ...lcpElement(lhr),
    transferKiB: kib(value("total-byte-weight")),
    scriptKiB: kib(bytesOf(lhr, "script")),
    stylesheetKiB: kib(bytesOf(lhr, "stylesheet")),
    ...mainThread(lhr),
  };
}

/** The median of every figure; element, breakdown and main thread from the run with the median LCP. */
export function medianRun(runs: LighthouseRun[]): LighthouseRun {
  const med = (pick: (r: LighthouseRun) => number) => percentile(runs.map(pick), 50);
  const lcpMs = med((r) => r.lcpMs);
  const middle = runs.find((r) => r.lcpMs === lcpMs) ?? runs[0];
  return {
    lcpMs,
    cls: med((r) => r.cls),
    tbtMs: med((r) => r.tbtMs),
    score: med((r) => r.score),
    element: middle.element,
    breakdownMs: middle.breakdownMs,
    transferKiB: med((r) => r.transferKiB),
    scriptKiB: med((r) => r.scriptKiB),
    stylesheetKiB: med((r) => r.stylesheetKiB),
    mainThreadMs: middle.mainThreadMs,
    scriptsMs: middle.scriptsMs,
  };
}

/** Plain-text lines for the report. */
export function formatLighthouse(f: LighthouseFigures | { notMeasured: string } | undefined): string[] {
  const out = ["5b. Lighthouse, mobile preset (simulated throttling: slow 4G, CPU 4× slower)"];
  if (!f) return [...out, "not measured (not run)"];
  if ("notMeasured" in f) return [...out, `not measured (${f.notMeasured})`];
  out.push(
    `   Lighthouse ${f.lighthouse}, ${f.size} SKUs; median of ${f.pages[0]?.runs.length ?? 0} runs per page; targets LCP ≤ 1500 ms, CLS ≤ 0.05`,
  );
  for (const p of f.pages) {
    const m = p.median;
    const phases = Object.entries(m.breakdownMs)
      .map(([k, v]) => `${k} ${v}`)
      .join(", ");
    out.push(
      `   ${p.name.padEnd(13)} LCP ${m.lcpMs} ms (runs ${p.runs.map((r) => r.lcpMs).join("/")}), CLS ${m.cls}, TBT ${m.tbtMs} ms, score ${m.score}; ${m.transferKiB} KiB (JS ${m.scriptKiB}, CSS ${m.stylesheetKiB}) (${p.path})`,
      `   ${"".padEnd(13)} LCP element ${m.element}; ${phases} ms`,
      `   ${"".padEnd(13)} main thread (simulated) ${m.mainThreadMs.map((g) => `${g.group} ${g.ms}`).join(", ")} ms; longest scripts ${m.scriptsMs.map((r) => `${r.url} ${r.ms}`).join(", ")} ms`,
    );
  }
  return out;
}
