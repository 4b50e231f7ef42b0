// The static file the HTTP phase compares every page with, on each path (`next start` itself and
// the proxy in front of it): the build's stylesheet, a file every page loads and `next start`
// serves from disk as is. Never a page the build prerendered: the home page is one, and a page
// measured against itself is 100 % by construction.
import fs from "node:fs";
import path from "node:path";
import { benchDistDir } from "./env";

/** `/_next/static/…` of the build's first stylesheet (else its smallest script), or /favicon.svg. */
export function pickStaticUrl(distDir: string = benchDistDir): string {
  const chunks = path.join(distDir, "static", "chunks");
  let files: string[] = [];
  try {
    files = fs.readdirSync(chunks).sort();
  } catch {
    return "/favicon.svg";
  }
  const css = files.find((f) => f.endsWith(".css"));
  const bySize = files
    .filter((f) => f.endsWith(".js"))
    .sort((a, b) => fs.statSync(path.join(chunks, a)).size - fs.statSync(path.join(chunks, b)).size);
  const file = css ?? bySize[0];
  return file ? `/_next/static/chunks/${file}` : "/favicon.svg";
}
