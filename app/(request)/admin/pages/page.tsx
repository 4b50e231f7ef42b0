import Link from "next/link";
import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { formatTime } from "@/components/admin/format";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { listContentPages } from "@/lib/content/pages";

export const metadata = { title: "Pages" };

// The shop's own pages, linked from the footer; owners edit them.
export default async function AdminPagesPage() {
  await guardAdminPage("/admin/pages");
  const pages = await listContentPages();
  return (
    <>
      <AdminPageHeader
        title="Pages"
        description="Help, contact, terms, privacy and refund policy, as shoppers see them in the footer. Written in Markdown."
      />
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {pages.map((p) => (
          <li key={p.slug} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
            <span>
              <Link href={`/admin/pages/${p.slug}`} className="font-medium underline">
                {p.title}
              </Link>{" "}
              <span className="text-sm text-slate-500">/{p.slug}</span>
            </span>
            <span className="text-sm text-slate-600">
              {p.updatedAt ? `edited ${formatTime(p.updatedAt)}` : "default text"}
              {p.locales.some((l) => l !== "en") ? ` · also in ${p.locales.filter((l) => l !== "en").join(", ")}` : ""}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
