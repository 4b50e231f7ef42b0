// Lighthouse's own mobile preset (its default config: a Moto G Power-sized screen, simulated
// throttling — slow 4G, CPU 4× slower — computed from an unthrottled trace) on the home page, a
// family page and a product page of the bench build, three runs each in one headless Chromium
// after one untimed run per page (the server's first render, image resizes, a cold JIT are not
// what a shopper waits for). Lighthouse clears the browser's cache and storage before every run.
// Reported: the median of each figure, and the LCP element and its breakdown from the run whose
// LCP is the median (lighthouse-figures.ts).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { benchEnv } from "./env";
import { benchBaseUrl, startBenchServer } from "./server";
import {
  medianRun,
  readRun,
  type Lhr,
  type LighthouseFigures,
  type LighthousePage,
  type LighthouseRun,
} from "./lighthouse-figures";

const runsPerPage = 3;

/** Runs Lighthouse (mobile preset, performance only) `runs` times on each page of a running server. */
export async function measureWithLighthouse(
  baseUrl: string,
  pages: { name: string; path: string }[],
  runs = runsPerPage,
): Promise<{ version: string; pages: LighthousePage[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const runOnce = async (path: string): Promise<Lhr> => {
    const result = await lighthouse(baseUrl + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    const lhr = result?.lhr as unknown as (Lhr & { runtimeError?: { message: string } }) | undefined;
    if (!lhr) throw new Error(`lighthouse returned nothing for ${path}`);
    if (lhr.runtimeError) throw new Error(`lighthouse on ${path}: ${lhr.runtimeError.message}`);
    return lhr;
  };
  try {
    for (const p of pages) await runOnce(p.path);
    const out: LighthousePage[] = [];
    let version = "?";
    for (const p of pages) {
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i++) {
        const lhr = await runOnce(p.path);
        version = lhr.lighthouseVersion;
        results.push(readRun(lhr));
      }
      out.push({ ...p, runs: results, median: medianRun(results) });
    }
    return { version, pages: out };
  } finally {
    chrome.kill();
  }
}

/** Starts the bench server on `size`'s databases, runs Lighthouse on home, a family and a product page, stops it. */
export async function runLighthousePhase(
  size: number,
  targets: { productCode: string; familySlug: string },
): Promise<LighthouseFigures> {
  const server = await startBenchServer(benchEnv(size, size));
  try {
    const { version, pages } = await measureWithLighthouse(benchBaseUrl, [
      { name: "home", path: "/" },
      { name: "family page", path: `/f/${encodeURIComponent(targets.familySlug)}` },
      { name: "product page", path: `/p/${encodeURIComponent(targets.productCode)}` },
    ]);
    return { size, lighthouse: version, pages };
  } finally {
    await server.stop();
  }
}
