import Link from "next/link";

// Previous/next links that keep the current filters (server pagination, no total count needed).
export function Pager({
  basePath,
  params,
  page,
  hasNext,
}: {
  basePath: string;
  params: Record<string, string | undefined>;
  page: number;
  hasNext: boolean;
}) {
  const href = (p: number) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return s ? `${basePath}?${s}` : basePath;
  };
  const cls = "rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300";
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center gap-3">
      {page > 1 ? (
        <Link href={href(page - 1)} className={`${cls} hover:bg-slate-100`}>
          Previous
        </Link>
      ) : (
        <span className={`${cls} text-slate-400`} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-slate-600">Page {page}</span>
      {hasNext ? (
        <Link href={href(page + 1)} className={`${cls} hover:bg-slate-100`}>
          Next
        </Link>
      ) : (
        <span className={`${cls} text-slate-400`} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
