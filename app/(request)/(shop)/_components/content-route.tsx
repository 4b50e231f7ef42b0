import type { Metadata } from "next";
import { getLocale } from "next-intl/server";
import { ContentArticle } from "@/components/shop/content-article";
import { getContentPage, type ContentPageSlug } from "@/lib/content/pages";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";

/** The page in the request's language (English when it has no version there). */
async function pageInLanguage(slug: ContentPageSlug) {
  const locale = await getLocale();
  return getContentPage(slug, isLocale(locale) ? locale : defaultLocale);
}

/** The metadata and page component of one owner-edited page route (/help, /terms…). */
export function contentRoute(slug: ContentPageSlug) {
  return {
    generateMetadata: async (): Promise<Metadata> => {
      return { title: (await pageInLanguage(slug)).title };
    },
    Page: async function ContentRoutePage() {
      const [page, locale] = await Promise.all([pageInLanguage(slug), getLocale()]);
      return <ContentArticle page={page} fallback={page.locale !== locale} />;
    },
  };
}
