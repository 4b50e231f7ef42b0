// A static site serves a catalog page as a file of the same bytes. So beside the build's
// stylesheet, the HTTP phase compares each catalog page with a copy of that page's own HTML
// served as one of the build's static files, on the same path: `next start` sends it from disk
// (compressing it as it compresses a page) and nginx caches it as it caches the build's files.
// The share of that copy's throughput is what the cache costs over a static site for the same
// bytes; the share of the stylesheet's adds what the page's weight costs (a 150–210 KB page
// against a 38 KB file). The copies live in the bench build's static folder, which `next start`
// lists when it starts, so the phase writes them and then starts the server again.
import fs from "node:fs";
import path from "node:path";
import { benchDistDir } from "./env";
import type { Kind } from "./http-kinds";

const folder = "bench-copies";

/** The page kinds that get a copy of their own: catalog pages of the default market (a market's page shares its `beside` kind's). */
const ownsCopy = (k: Kind) =>
  !k.directOnly && !k.beside && (k.target.direct !== undefined || k.target.proxy !== undefined);

/** The name of the row that measures the copy of `kind`'s page. */
export const copyName = (kind: string) => `  same bytes, static: ${kind}`;

/**
 * Fetches the first URL of every kind that owns a copy from `base`, writes its body to the
 * build's static folder, and returns the copy's URL per kind name (a market's kind maps to its
 * `beside` kind's copy). A kind whose page does not answer 200 with a body that passes its check
 * gets no copy (its row keeps the stylesheet as its only baseline).
 */
export async function writePageCopies(
  base: string,
  kinds: Kind[],
  distDir = benchDistDir,
): Promise<Map<string, string>> {
  const dir = path.join(distDir, "static", folder);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const urls = new Map<string, string>();
  let n = 0;
  for (const kind of kinds.filter(ownsCopy)) {
    const url = kind.urls(1)[0];
    const res = await fetch(base + url, { signal: AbortSignal.timeout(60_000), redirect: "manual" });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || !kind.check(url, body.toString("utf8"))) continue;
    const file = `${++n}.html`;
    fs.writeFileSync(path.join(dir, file), body);
    urls.set(kind.name, `/_next/static/${folder}/${file}`);
  }
  for (const kind of kinds) {
    const copy = kind.beside ? urls.get(kind.beside) : undefined;
    if (copy) urls.set(kind.name, copy);
  }
  return urls;
}

/**
 * `kinds` with a row for each copy right before the first kind that uses it (so in every round
 * the copy is measured just before its page, on the same path), and each page kind naming the
 * row it is compared with (`baseline`).
 */
export function withCopies(kinds: Kind[], copies: Map<string, string>): Kind[] {
  const out: Kind[] = [];
  const added = new Map<string, string>();
  for (const kind of kinds) {
    const url = copies.get(kind.name);
    if (!url) {
      out.push(kind);
      continue;
    }
    if (!added.has(url)) {
      const name = copyName(kind.name);
      added.set(url, name);
      out.push({ name, urls: (n) => Array.from({ length: n }, () => url), check: () => true, target: {} });
    }
    out.push({ ...kind, baseline: added.get(url) });
  }
  return out;
}
