// The small static file the HTTP phase compares every page with, on each path (`next start`
// itself and the proxy in front of it): the build's full stylesheet, which `next start` serves
// from disk as is (each page's own bytes as a static file are the other baseline: page-copies.ts).
// Never a page the build prerendered: the home page is one, and a page served by the page cache
// measured against itself is 100 % by construction.
import fs from "node:fs";
import path from "node:path";
import { benchDistDir } from "./env";

/**
 * `/_next/static/…` of the build's largest stylesheet (the full one; the catalog pages' own is
 * smaller), else its smallest script, or /favicon.svg.
 */
export function pickStaticUrl(distDir: string = benchDistDir): string {
  const chunks = path.join(distDir, "static", "chunks");
  let files: string[] = [];
  try {
    files = fs.readdirSync(chunks).sort();
  } catch {
    return "/favicon.svg";
  }
  const bySize = (ext: string) =>
    files
      .filter((f) => f.endsWith(ext))
      .sort(
        (a, b) => fs.statSync(path.join(chunks, a)).size - fs.statSync(path.join(chunks, b)).size || a.localeCompare(b),
      );
  const file = bySize(".css").at(-1) ?? bySize(".js")[0];
  return file ? `/_next/static/chunks/${file}` : "/favicon.svg";
}
