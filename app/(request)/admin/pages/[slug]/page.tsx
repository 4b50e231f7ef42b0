import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { can } from "@/lib/auth/guards";
import { getContentPage, isContentPageSlug } from "@/lib/content/pages";
import { defaultLocale, isLocale, locales } from "@/lib/i18n/locales";
import { PageEditor } from "./page-editor";

export const metadata = { title: "Edit page" };

const languageNames: Record<string, string> = {
  en: "English",
  id: "Bahasa Indonesia",
  es: "Spanish",
  "pt-BR": "Brazilian Portuguese",
  ar: "Arabic",
};

// One page in one language (?lang=, English by default): its Markdown (owners edit; others read)
// and how it looks to shoppers. A language without its own version starts from English's.
export default async function AdminPageEdit({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await guardAdminPage("/admin/pages/[slug]");
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  if (!isContentPageSlug(slug)) notFound();
  const lang = isLocale(query.lang) ? query.lang : defaultLocale;
  const page = await getContentPage(slug, lang);
  const ownVersion = page.locale === lang;
  return (
    <>
      <AdminPageHeader
        title={page.title}
        description={`Shown at /${slug}. Markdown: ## headings, **bold**, - lists, [links](/help). HTML is shown as text.`}
      />
      <p className="mb-4 text-sm">
        <Link href="/admin/pages" className="underline">
          ← All pages
        </Link>{" "}
        ·{" "}
        <Link href={`/${slug}`} className="underline">
          View in the shop
        </Link>
      </p>
      <nav aria-label="Language" className="mb-4 flex flex-wrap gap-2 text-sm">
        {locales.map((l) => (
          <Link
            key={l}
            href={`/admin/pages/${slug}?lang=${l}`}
            aria-current={l === lang ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 ring-1 ring-slate-300 ${l === lang ? "bg-slate-900 text-white" : "hover:bg-slate-100"}`}
          >
            {languageNames[l] ?? l}
          </Link>
        ))}
      </nav>
      {ownVersion ? null : (
        <p className="mb-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="page-fallback">
          No {languageNames[lang]} version yet: shoppers reading {languageNames[lang]} see the English page, marked as
          English. Saving below creates the {languageNames[lang]} version.
        </p>
      )}
      <PageEditor
        key={lang}
        slug={slug}
        locale={lang}
        title={page.title}
        body={page.body}
        canWrite={can(user, "content.write")}
      />
      <section aria-labelledby="preview-h" className="mt-8">
        <h2 id="preview-h" className="mb-2 text-lg font-semibold">
          As shoppers see it (last saved)
        </h2>
        <div
          className="content-page rounded-lg border border-slate-200 bg-white p-5"
          dangerouslySetInnerHTML={{ __html: page.html }}
        />
      </section>
    </>
  );
}
