import Link from "next/link";
import { useTranslations } from "next-intl";

// Server-side pagination links (plain URLs, so the back button and sharing just work).
export function Pagination({
  page,
  pageCount,
  hrefFor,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  const t = useTranslations("listing");
  if (pageCount <= 1) return null;
  const pages = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((p) => p >= 1 && p <= pageCount)
    .sort((a, b) => a - b);
  const link = "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label={t("pagination")} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={link} rel="prev">
          {t("previous")}
        </Link>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - pages[i - 1] > 1 ? <span aria-hidden="true">…</span> : null}
          {p === page ? (
            <span aria-current="page" className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white">
              {p}
            </span>
          ) : (
            <Link href={hrefFor(p)} className={link} aria-label={t("page", { page: p })}>
              {p}
            </Link>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <Link href={hrefFor(page + 1)} className={link} rel="next">
          {t("next")}
        </Link>
      ) : null}
    </nav>
  );
}
