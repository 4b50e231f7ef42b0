// GET /api/search/suggest?q=&language=&market= — suggestions while a shopper types (families and
// item codes), typo-tolerant, of the products the market offers (absent or unknown: the default market's)
import { z } from "zod";
import { searchLanguageSchema } from "@/lib/catalog/search/languages";
import { suggestSearches } from "@/lib/catalog/search/suggest";
import { handleRoute } from "@/lib/http/route";
import { getDefaultMarket, getMarketBySlug } from "@/lib/markets/lookup";
import { offerOf } from "@/lib/markets/offer";
import { marketSlugSchema } from "@/lib/orders/cart/checkout-schema";

const querySchema = z.object({
  q: z.string().trim().max(100).default(""),
  language: searchLanguageSchema.default("en"),
  market: marketSlugSchema.catch(undefined),
});

export const GET = handleRoute(async (req) => {
  const params = new URL(req.url).searchParams;
  const { q, language, market } = querySchema.parse({
    q: params.get("q") ?? undefined,
    language: params.get("language") ?? undefined,
    market: params.get("market") ?? undefined,
  });
  const shopMarket = (market ? await getMarketBySlug(market) : null) ?? (await getDefaultMarket());
  const result = await suggestSearches(q, { language, offer: offerOf(shopMarket) ?? undefined });
  // Suggestions follow the catalog, which changes only on sync: a short private cache is safe.
  return Response.json(result, { headers: { "Cache-Control": "private, max-age=30" } });
});
