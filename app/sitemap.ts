// The sitemap: every catalog page in every enabled market and language, each with its alternates
// (docs/markets.md#urls). A market lists only the pages of the products it offers, and a page's
// alternates name only the markets that list it (docs/markets.md#the-products-a-market-offers).
// Read per request (robots.txt points here).
import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { listCatalogPaths } from "@/lib/catalog/sitemap-paths";
import { env } from "@/lib/env";
import { publicUrl } from "@/lib/http/catalog-rewrite";
import { alternatesOf, countryOf } from "@/lib/markets/alternates";
import { offerKey, offerOf } from "@/lib/markets/offer";
import { listUrlMarkets } from "@/lib/markets/url-markets";
import { listMarkets } from "@/lib/markets/lookup";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const base = (env.APP_URL ?? "").replace(/\/$/, "");
  const stored = new Map((await listMarkets()).map((m) => [m.slug, m]));
  const markets = (await listUrlMarkets()).map((m) => {
    const market = stored.get(m.slug);
    return {
      ...m,
      country: countryOf(market ?? { slug: m.slug, countries: [] }),
      offer: market ? offerOf(market) : null,
    };
  });
  // One read per distinct offer (markets without a list of their own and the default share theirs).
  const pathsOf = new Map<string, Promise<Set<string>>>();
  for (const m of markets) {
    const key = offerKey(m.offer ?? undefined);
    if (!pathsOf.has(key))
      pathsOf.set(
        key,
        listCatalogPaths(m.offer ?? undefined).then((p) => new Set(p)),
      );
  }
  const listed = await Promise.all(markets.map((m) => pathsOf.get(offerKey(m.offer ?? undefined))!));
  const allPaths = [...new Set(listed.flatMap((paths) => [...paths]))];
  const entries: MetadataRoute.Sitemap = [];
  for (const path of allPaths) {
    const listing = markets.filter((_, i) => listed[i].has(path));
    const { languages } = alternatesOf(path, { market: listing[0].slug, lang: listing[0].languages[0] }, listing, base);
    for (const m of listing)
      for (const lang of m.languages) entries.push({ url: base + publicUrl(m, lang, path), alternates: { languages } });
  }
  return entries;
}
