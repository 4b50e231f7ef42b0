// Reads for the search synonyms page: every synonym, by language then term. Callers check the staff role first.
import "server-only";
import { db } from "@/lib/db";
import { searchLanguages } from "@/lib/catalog/search/languages";

/** Every synonym as plain data, in the order of the shipped languages, then by term. */
export async function listSearchSynonyms() {
  const rows = await db.searchSynonym.findMany({ orderBy: [{ term: "asc" }] });
  const order = (l: string) => searchLanguages.indexOf(l as (typeof searchLanguages)[number]);
  return rows
    .sort((a, b) => order(a.language) - order(b.language))
    .map((r) => ({ id: r.id, language: r.language, term: r.term, expandsTo: r.expandsTo }));
}
export type SearchSynonymView = Awaited<ReturnType<typeof listSearchSynonyms>>[number];
