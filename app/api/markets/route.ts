// GET /api/markets — the enabled markets and their languages, for the header's market switcher
// (components/shop/market-switcher.tsx; docs/markets.md#urls). Public facts only.
import { handleRoute } from "@/lib/http/route";
import { listMarkets } from "@/lib/markets/lookup";
import { listUrlMarkets } from "@/lib/markets/url-markets";

export const GET = handleRoute(async () => {
  const names = new Map((await listMarkets()).map((m) => [m.slug, { name: m.name, currency: m.currency }]));
  const markets = (await listUrlMarkets()).map((m) => ({
    slug: m.slug,
    languages: m.languages,
    isDefault: m.isDefault,
    name: names.get(m.slug)?.name ?? m.slug.toUpperCase(),
    currency: names.get(m.slug)?.currency ?? null,
  }));
  return Response.json({ markets }, { headers: { "cache-control": "public, max-age=60" } });
});
