// The static page the HTTP phase compares every page with: a page the build prerendered (served
// from the build's cache by the same `next start`), else a file from public/.
import fs from "node:fs";
import path from "node:path";
import { benchDistDir } from "./env";

const notPages = new Set(["/_not-found", "/_global-error", "/favicon.ico"]);

/** A prerendered route of the bench build without parameters, or /favicon.svg when there is none. */
export function pickStaticUrl(): string {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(benchDistDir, "prerender-manifest.json"), "utf8")) as {
      routes?: Record<string, unknown>;
    };
    const routes = Object.keys(manifest.routes ?? {}).filter(
      (r) => !notPages.has(r) && !r.includes("[") && !r.startsWith("/admin"),
    );
    if (routes.length > 0) return routes.sort()[0];
  } catch {
    // no manifest: fall through
  }
  return "/favicon.svg";
}
