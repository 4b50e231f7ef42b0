// The market and language of a page rendered per request (cart, checkout, orders, account): the
// ones of the URL it was reached by, which proxy.ts tells it in two request headers
// (lib/i18n/locales.ts, docs/markets.md#urls). Never read by a cached catalog page.
import "server-only";
import { headers } from "next/headers";
import { marketPrefix } from "@/lib/http/market-url";
import { localeHeader, marketHeader } from "@/lib/i18n/locales";
import { getDefaultMarket, getMarketBySlug } from "./lookup";
import type { Market } from "./market";

export type RequestMarket = { market: Market; lang: string; prefix: string };

/** The URL's market (the default one when the headers name none it knows), its language and prefix. */
export async function requestMarket(): Promise<RequestMarket> {
  const h = await headers();
  const slug = h.get(marketHeader);
  const market = (slug ? await getMarketBySlug(slug) : null) ?? (await getDefaultMarket());
  const sent = h.get(localeHeader);
  const lang = sent && market.languages.includes(sent) ? sent : market.languages[0];
  return { market, lang, prefix: marketPrefix(market, lang) };
}
