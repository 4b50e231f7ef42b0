import Link from "next/link";
import type { SearchNotice as Notice } from "@/lib/catalog/search-listing";

// What a search did with the words typed: the correction it searched instead ("stema" → steam),
// or, when nothing matched, spellings worth a click ("did you mean").
export function SearchNotice({
  query,
  search,
  hrefFor,
}: {
  query: string;
  search: Notice;
  hrefFor: (q: string) => string;
}) {
  if (search.correctedFrom) {
    return (
      <p className="mb-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-slate-800" data-testid="search-corrected">
        No results for “{query}”. Showing results for <strong>“{search.searched}”</strong>.
      </p>
    );
  }
  if (search.didYouMean.length === 0) return null;
  return (
    <p className="mb-3 text-sm text-slate-800" data-testid="did-you-mean">
      Did you mean{" "}
      {search.didYouMean.map((q, i) => (
        <span key={q}>
          {i > 0 ? (i === search.didYouMean.length - 1 ? " or " : ", ") : null}
          <Link href={hrefFor(q)} className="font-semibold text-brand-700 underline">
            {q}
          </Link>
        </span>
      ))}
      ?
    </p>
  );
}
