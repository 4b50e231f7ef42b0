// The root of every page rendered per request: cart, checkout, orders, account, sign-in, the
// admin, and the catalog pages not yet served from the page cache. It waits for the request
// before anything renders, so none of these pages is ever rendered at build or kept: each is rendered whole,
// with this request's script nonce on every script (proxy.ts, lib/http/csp.ts). The language is
// the one of the URL it was reached by, which proxy.ts sets in a request header (docs/markets.md#urls).
import { connection } from "next/server";
import { headers } from "next/headers";
import { getLocale } from "next-intl/server";
import { MarketPathProvider } from "@/components/shop/market-path";
import { defaultLocale, directionOf, isLocale, localeHeader } from "@/lib/i18n/locales";
import { requestMarket } from "@/lib/markets/request-market";
import { RootDocument, rootMetadata, rootViewport } from "../_document/root-document";
// Every class the project uses (docs/storefront.md#speed-on-phones).
import "../globals.css";

// The language of the URL the page was reached by (the proxy's header, i18n/request.ts).
export async function generateMetadata() {
  return rootMetadata(await getLocale());
}
export const viewport = rootViewport;

// Every page below depends on its request (the nonce, the shopper, the market's headers): nothing
// is prerendered into a shell, and a navigation into one may wait for it.
export const instant = false;

export default async function RequestRootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  const sent = (await headers()).get(localeHeader);
  const lang = isLocale(sent) ? sent : defaultLocale;
  const { market, prefix } = await requestMarket();
  return (
    <RootDocument lang={lang} dir={directionOf(lang)} root="request">
      <MarketPathProvider market={market.slug} prefix={prefix}>
        {children}
      </MarketPathProvider>
    </RootDocument>
  );
}
