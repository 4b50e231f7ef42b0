// A list page's filters: a GET form of labelled selects ("Any" first), a Filter button and, when
// something is chosen, a link that clears them. The URL holds the filters, so a filtered list can
// be bookmarked and shared between staff.
import Link from "next/link";

export type FilterChoice = { value: string; label?: string };
export type FilterSelect = { name: string; label: string; value: string | undefined; choices: readonly FilterChoice[] };

export function FilterForm({ selects, clearHref }: { selects: readonly FilterSelect[]; clearHref: string }) {
  const filtered = selects.some((s) => Boolean(s.value));
  return (
    <form method="get" className="mb-4 flex flex-wrap items-end gap-3">
      {selects.map((s) => (
        <label key={s.name} className="flex flex-col text-xs font-medium text-slate-600">
          {s.label}
          <select
            name={s.name}
            defaultValue={s.value ?? ""}
            className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="">Any</option>
            {s.choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label ?? c.value}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white">
        Filter
      </button>
      {filtered ? (
        <Link href={clearHref} className="py-1.5 text-sm text-slate-600 hover:underline">
          Clear
        </Link>
      ) : null}
    </form>
  );
}
