// Unmatched URLs anywhere in the app: a whole document, as the app has two root layouts
// (app/(catalog), app/(request)) and neither wraps a URL that matches no route. Its language is
// the one of the URL's prefix when the proxy named it (lib/i18n/locales.ts, localeHeader).
import type { Metadata } from "next";
import { headers } from "next/headers";
import { NotFoundView } from "@/components/shop/not-found-view";
import { defaultLocale, directionOf, isLocale, localeHeader } from "@/lib/i18n/locales";
import { RootDocument } from "./_document/root-document";

export const metadata: Metadata = { title: "Page not found" };

export default async function GlobalNotFound() {
  const sent = (await headers()).get(localeHeader);
  const lang = isLocale(sent) ? sent : defaultLocale;
  return (
    <RootDocument lang={lang} dir={directionOf(lang)}>
      <main id="main">
        <NotFoundView />
      </main>
    </RootDocument>
  );
}
