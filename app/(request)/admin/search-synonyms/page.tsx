import { AdminPageHeader } from "@/app/(request)/admin/_components";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { listSearchSynonyms } from "@/lib/admin/search-synonyms/list";
import { searchLanguageNames, toSearchLanguage } from "@/lib/catalog/search/languages";
import { SynonymForm } from "./synonym-form";

export const metadata = { title: "Search synonyms" };

// The words shoppers type and what they mean in the catalog, per language; owners only.
export default async function AdminSearchSynonymsPage() {
  await guardAdminPage("/admin/search-synonyms");
  const synonyms = await listSearchSynonyms();
  return (
    <>
      <AdminPageHeader
        title="Search synonyms"
        description="When a shopper's search contains the words on the left, it also finds what the words on the right find (“isi ulang” → “top-up”). English synonyms apply in every language; the others only in theirs. A change reaches every search at once."
      />
      <section aria-labelledby="new-synonym" className="mb-8 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="new-synonym" className="mb-2 text-lg font-semibold">
          New synonym
        </h2>
        <SynonymForm initial={{ language: "en", term: "", expandsTo: "" }} />
      </section>
      <ul className="space-y-3">
        {synonyms.map((s) => (
          <li key={s.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <p className="mb-2 text-xs text-slate-500">{searchLanguageNames[toSearchLanguage(s.language)]}</p>
            <SynonymForm initial={{ ...s, language: toSearchLanguage(s.language) }} />
          </li>
        ))}
      </ul>
    </>
  );
}
