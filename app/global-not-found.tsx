// Unmatched URLs anywhere in the app: a whole document, as the app has two root layouts
// (app/(catalog), app/(request)) and neither wraps a URL that matches no route. Next also renders
// it as the root layouts' not-found boundary, so it never reads the request itself: its language
// is the render's (i18n/request.ts: the catalog page's own, else the URL prefix's header).
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { NotFoundView } from "@/components/shop/not-found-view";
import { defaultLocale, directionOf, isLocale } from "@/lib/i18n/locales";
import { RootDocument } from "./_document/root-document";
import "./globals.css";

// Its language may come from the request (the proxy's header), so it is rendered when asked for,
// never prerendered: a 404 is never kept (docs/storefront.md#the-rendering-model).
export const instant = false;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("site");
  return { title: t("notFoundTitle") };
}

export default async function GlobalNotFound() {
  const locale = await getLocale();
  const lang = isLocale(locale) ? locale : defaultLocale;
  // Its client code (the not-found view, the demo banner) is counted with the request root's.
  return (
    <RootDocument lang={lang} dir={directionOf(lang)} root="request">
      <main id="main">
        <NotFoundView />
      </main>
    </RootDocument>
  );
}
