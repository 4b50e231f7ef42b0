// GET /api/search/suggest?q= — suggestions while a shopper types (families and item codes), typo-tolerant
import { z } from "zod";
import { toResponse } from "@/lib/errors";
import { suggestSearches } from "@/lib/catalog/search/suggest";

export const dynamic = "force-dynamic";

const querySchema = z.object({ q: z.string().trim().max(100).default("") });

export async function GET(req: Request) {
  try {
    const { q } = querySchema.parse({ q: new URL(req.url).searchParams.get("q") ?? undefined });
    const result = await suggestSearches(q);
    // Suggestions follow the catalog, which changes only on sync: a short private cache is safe.
    return Response.json(result, { headers: { "Cache-Control": "private, max-age=30" } });
  } catch (err) {
    return toResponse(err);
  }
}
