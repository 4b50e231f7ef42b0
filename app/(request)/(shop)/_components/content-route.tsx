import type { Metadata } from "next";
import { ContentArticle } from "@/components/shop/content-article";
import { getContentPage, type ContentPageSlug } from "@/lib/content/pages";

/** The metadata and page component of one owner-edited page route (/help, /terms…). */
export function contentRoute(slug: ContentPageSlug) {
  return {
    generateMetadata: async (): Promise<Metadata> => {
      return { title: (await getContentPage(slug)).title };
    },
    Page: async function ContentRoutePage() {
      return <ContentArticle page={await getContentPage(slug)} />;
    },
  };
}
