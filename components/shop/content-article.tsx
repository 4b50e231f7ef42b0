import { useTranslations } from "next-intl";
import type { ContentPage } from "@/lib/content/pages";

// An owner-edited page (help, terms…): the title and the Markdown rendered by lib/content/markdown
// (raw HTML off, unsafe links refused), so inserting it as HTML is safe. A page shown in English
// because the page's language has no version says so, and marks its text as English.
export function ContentArticle({ page, fallback = false }: { page: ContentPage; fallback?: boolean }) {
  const t = useTranslations("contentPage");
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      {fallback ? (
        <p
          role="note"
          className="mb-4 rounded-lg bg-slate-100 p-3 text-sm text-slate-700"
          data-testid="content-in-english"
        >
          {t("inEnglish")}
        </p>
      ) : null}
      <div lang={page.locale}>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{page.title}</h1>
        <div className="content-page mt-6" dangerouslySetInnerHTML={{ __html: page.html }} />
      </div>
      {page.updatedAt ? (
        <p className="mt-8 text-sm text-slate-500">
          {t("updated", { date: page.updatedAt.toISOString().slice(0, 10) })}
        </p>
      ) : null}
    </article>
  );
}
