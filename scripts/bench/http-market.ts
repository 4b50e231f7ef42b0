// What the HTTP phase requests in the measured market: a market sells only some product regions
// (docs/markets.md#the-model), so of the default market's product codes and families it keeps
// those whose page under the market's prefix answers 200 with its content, and it measures the
// first product type and category its home links whose listing shows a product there, and a
// search word taken from a family it offers. Each is requested once, one at a time (which also
// warms the pages, as the phase's warm-up would).
import type { HttpTargets } from "./http-kinds";

async function answers(url: string, check: (body: string) => boolean): Promise<boolean> {
  const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000) }).catch(() => null);
  if (!res) return false;
  const body = await res.text();
  return res.status === 200 && check(body);
}

async function kept(items: string[], url: (item: string) => string, check: (item: string, body: string) => boolean) {
  const out: string[] = [];
  for (const item of items) if (await answers(url(item), (body) => check(item, body))) out.push(item);
  return out;
}

/** `targets` narrowed to what the market of `prefix` offers, read from `base` (a running `next start`). */
export async function marketTargets(base: string, targets: HttpTargets, prefix: string): Promise<HttpTargets> {
  const productCodes = await kept(
    targets.productCodes,
    (code) => `${base}${prefix}/p/${encodeURIComponent(code)}`,
    (code, body) => body.includes(code),
  );
  const familySlugs = await kept(
    targets.familySlugs ?? [],
    (slug) => `${base}${prefix}/f/${encodeURIComponent(slug)}`,
    (slug, body) => body.includes(`/f/${slug}`),
  );
  const home = await fetch(`${base}${prefix}`, { signal: AbortSignal.timeout(30_000) })
    .then((r) => r.text())
    .catch(() => "");
  const linked = (kind: "t" | "c") => [
    ...new Set([...home.matchAll(new RegExp(`href="${prefix}/${kind}/([^"/?]+)"`, "g"))].map((m) => m[1]!)),
  ];
  const listsProduct = (body: string) => body.includes(`href="${prefix}/f/`) || body.includes(`href="${prefix}/p/`);
  const firstListing = async (kind: "t" | "c") =>
    (
      await kept(
        linked(kind),
        (slug) => `${base}${prefix}/${kind}/${slug}`,
        (_slug, body) => listsProduct(body),
      )
    )[0];
  // A word of an offered family's slug the search finds there (the default's word may name nothing offered).
  const words = familySlugs.flatMap((slug) => slug.split("-").filter((w) => w.length >= 4 && !/^\d/.test(w)));
  const searchWord = (
    await kept(
      words.slice(0, 10),
      (w) => `${base}${prefix}/search?q=${encodeURIComponent(w)}`,
      (_w, body) => listsProduct(body),
    )
  )[0];
  return {
    ...targets,
    productCodes,
    familySlugs,
    typeSlug: await firstListing("t"),
    categorySlug: await firstListing("c"),
    searchWord: searchWord ?? targets.searchWord,
  };
}
