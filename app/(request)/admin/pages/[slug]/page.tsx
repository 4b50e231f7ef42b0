import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { can } from "@/lib/auth/guards";
import { getContentPage, isContentPageSlug } from "@/lib/content/pages";
import { PageEditor } from "./page-editor";

export const metadata = { title: "Edit page" };

// One page: its Markdown (owners edit; others read) and how it looks to shoppers.
export default async function AdminPageEdit({ params }: { params: Promise<{ slug: string }> }) {
  const user = await guardAdminPage("orders.read");
  const { slug } = await params;
  if (!isContentPageSlug(slug)) notFound();
  const page = await getContentPage(slug);
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
      <PageEditor slug={slug} title={page.title} body={page.body} canWrite={can(user, "content.write")} />
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
