// GET /api/search/suggest?q=&language= — suggestions while a shopper types (families and item codes), typo-tolerant
import { z } from "zod";
import { searchLanguageSchema } from "@/lib/catalog/search/languages";
import { suggestSearches } from "@/lib/catalog/search/suggest";
import { handleRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

const querySchema = z.object({
  q: z.string().trim().max(100).default(""),
  language: searchLanguageSchema.default("en"),
});

export const GET = handleRoute(async (req) => {
  const params = new URL(req.url).searchParams;
  const { q, language } = querySchema.parse({
    q: params.get("q") ?? undefined,
    language: params.get("language") ?? undefined,
  });
  const result = await suggestSearches(q, { language });
  // Suggestions follow the catalog, which changes only on sync: a short private cache is safe.
  return Response.json(result, { headers: { "Cache-Control": "private, max-age=30" } });
});
