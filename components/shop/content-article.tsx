import type { ContentPage } from "@/lib/content/pages";

// An owner-edited page (help, terms…): the title and the Markdown rendered by lib/content/markdown
// (raw HTML off, unsafe links refused), so inserting it as HTML is safe.
export function ContentArticle({ page }: { page: ContentPage }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{page.title}</h1>
      <div className="content-page mt-6" dangerouslySetInnerHTML={{ __html: page.html }} />
      {page.updatedAt ? (
        <p className="mt-8 text-sm text-slate-500">Last updated {page.updatedAt.toISOString().slice(0, 10)}</p>
      ) : null}
    </article>
  );
}
