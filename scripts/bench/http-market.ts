// What the HTTP phase requests in the measured market: a market sells only some product regions
// (docs/markets.md#the-model), so of the default market's product codes and families it keeps
// those whose page under the market's prefix answers 200 with its content. Each is requested
// once, one at a time (which also warms the pages, as the phase's warm-up would).
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
  return { ...targets, productCodes, familySlugs };
}
