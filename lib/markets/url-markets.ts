// The enabled markets as URLs see them (lib/http/catalog-rewrite.ts): proxy.ts, which runs in
// Next's Node runtime, reads them through lookup.ts's per-process copy (a minute at most, dropped
// on an owner's edit), so a request costs no query (docs/markets.md#urls).
import "server-only";
import type { UrlMarket } from "@/lib/http/catalog-rewrite";
import type { DetectMarket } from "@/lib/http/first-visit";
import { builtInDefaultMarket, listMarkets } from "./lookup";
import type { Market } from "./market";

export const toUrlMarket = (m: Pick<Market, "slug" | "languages" | "isDefault">): UrlMarket => ({
  slug: m.slug,
  languages: m.languages,
  isDefault: m.isDefault,
});

/** The enabled markets with their countries, the default always among them (the built-in one before setup stores any). */
export async function listUrlMarkets(): Promise<DetectMarket[]> {
  const enabled = (await listMarkets()).filter((m) => m.enabled);
  if (!enabled.some((m) => m.isDefault)) enabled.unshift(builtInDefaultMarket());
  return enabled.map((m) => ({ ...toUrlMarket(m), countries: m.countries }));
}
