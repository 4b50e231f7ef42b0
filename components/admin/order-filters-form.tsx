// GET form for the orders list: the URL holds the filters, so results are linkable and paginated server-side.
import type { OrderFilters } from "@/lib/admin/orders/filters";

const input = "mt-1 w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

export function OrderFiltersForm({
  filters,
  states,
  types,
}: {
  filters: OrderFilters;
  states: string[];
  types: string[];
}) {
  return (
    <form
      method="get"
      action="/admin/orders"
      role="search"
      className="mb-4 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-7"
    >
      <label className="text-sm font-medium text-slate-700 sm:col-span-2">
        Search
        <input
          name="q"
          defaultValue={filters.q}
          placeholder="Reference (GF-…), order id, upstream order_no, email"
          className={input}
        />
      </label>
      <label className="text-sm font-medium text-slate-700">
        State
        <select name="state" defaultValue={filters.state ?? ""} className={input}>
          <option value="">Any</option>
          {states.map((s) => (
            <option key={s} value={s}>
              {s.replace(/_/g, " ")}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Product type
        <select name="type" defaultValue={filters.type ?? ""} className={input}>
          <option value="">Any</option>
          {types.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium text-slate-700">
        Email
        <input name="email" type="text" defaultValue={filters.email} className={input} />
      </label>
      <div className="grid grid-cols-2 gap-2 lg:col-span-2">
        <label className="text-sm font-medium text-slate-700">
          From
          <input name="from" type="date" defaultValue={filters.from} className={input} />
        </label>
        <label className="text-sm font-medium text-slate-700">
          To
          <input name="to" type="date" defaultValue={filters.to} className={input} />
        </label>
      </div>
      <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-7">
        <button
          type="submit"
          className="rounded-md bg-slate-900 px-4 py-1.5 text-sm font-semibold text-white hover:bg-slate-800"
        >
          Apply
        </button>
        <a href="/admin/orders" className="text-sm underline">
          Clear
        </a>
      </div>
    </form>
  );
}
