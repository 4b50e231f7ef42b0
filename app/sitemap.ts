// The sitemap: every catalog page in every enabled market and language, each with its alternates
// (docs/markets.md#urls). Read per request (robots.txt points here).
import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { listCatalogPaths } from "@/lib/catalog/sitemap-paths";
import { env } from "@/lib/env";
import { publicUrl } from "@/lib/http/catalog-rewrite";
import { alternatesOf, countryOf } from "@/lib/markets/alternates";
import { listUrlMarkets } from "@/lib/markets/url-markets";
import { listMarkets } from "@/lib/markets/lookup";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const base = (env.APP_URL ?? "").replace(/\/$/, "");
  const countries = new Map((await listMarkets()).map((m) => [m.slug, countryOf(m)]));
  const markets = (await listUrlMarkets()).map((m) => ({
    ...m,
    country: countries.get(m.slug) ?? countryOf({ slug: m.slug, countries: [] }),
  }));
  const entries: MetadataRoute.Sitemap = [];
  for (const path of await listCatalogPaths()) {
    const { languages } = alternatesOf(path, { market: markets[0].slug, lang: markets[0].languages[0] }, markets, base);
    for (const m of markets)
      for (const lang of m.languages) entries.push({ url: base + publicUrl(m, lang, path), alternates: { languages } });
  }
  return entries;
}
