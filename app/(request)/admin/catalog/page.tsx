import Link from "next/link";
import { AdminPageHeader, DataTable, type Column } from "@/app/(request)/admin/_components";
import { Pagination } from "@/components/shop/pagination";
import { Badge } from "@/components/ui/badge";
import { can } from "@/lib/auth/guards";
import { listAdminProducts, listCatalogFilterOptions } from "@/lib/admin/catalog/list-products";
import { FlagToggle } from "./flag-toggle";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Catalog" };

type Row = Awaited<ReturnType<typeof listAdminProducts>>["items"][number];
type Search = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

// Every synced product (including hidden, unlisted and test ones) with staff flags.
export default async function AdminCatalogPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await guardAdminPage("/admin/catalog");
  const raw = Object.fromEntries(Object.entries(await searchParams).map(([k, v]) => [k, one(v)]));
  const [{ items, total, filter, page, pageCount }, options] = await Promise.all([
    listAdminProducts(raw),
    listCatalogFilterOptions(),
  ]);
  const canWrite = can(user, "catalog.write");
  const params = {
    q: filter.q,
    type: filter.type,
    brand: filter.brand,
    listed: filter.listed,
    hidden: filter.hidden,
    featured: filter.featured,
  };
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(
      Object.entries({ ...params, page: p > 1 ? String(p) : undefined }).filter((e): e is [string, string] =>
        Boolean(e[1]),
      ),
    );
    return `/admin/catalog${q.size ? `?${q}` : ""}`;
  };

  const columns: Column<Row>[] = [
    {
      key: "item",
      header: "Product",
      cell: (r) => (
        <>
          <Link href={`/p/${encodeURIComponent(r.itemCode)}`} className="font-medium text-brand-700 hover:underline">
            {r.productName}
          </Link>
          <div className="text-xs text-slate-500">
            <span className="font-mono">{r.itemCode}</span> ·{" "}
            <Link href={`/admin/catalog/${encodeURIComponent(r.itemCode)}`} className="hover:underline">
              offers
            </Link>
          </div>
        </>
      ),
    },
    { key: "brand", header: "Brand", cell: (r) => r.brandName },
    { key: "type", header: "Type", cell: (r) => r.productType },
    { key: "cost", header: "Cost", cell: (r) => r.chargedPrice, className: "text-right tabular-nums" },
    { key: "price", header: "Shop price", cell: (r) => r.shopPrice, className: "text-right tabular-nums" },
    {
      key: "state",
      header: "Upstream",
      cell: (r) => (
        <span className="flex gap-1">
          {r.listed ? <Badge tone="success">listed</Badge> : <Badge tone="warning">removed</Badge>}
          {r.inStock ? null : <Badge>out of stock</Badge>}
        </span>
      ),
    },
    {
      key: "hidden",
      header: "Hidden",
      cell: (r) => (
        <FlagToggle productId={r.id} flag="hidden" value={r.hidden} label={`Hide ${r.itemCode}`} disabled={!canWrite} />
      ),
    },
    {
      key: "featured",
      header: "Featured",
      cell: (r) => (
        <FlagToggle
          productId={r.id}
          flag="featured"
          value={r.featured}
          label={`Feature ${r.itemCode}`}
          disabled={!canWrite}
        />
      ),
    },
  ];

  const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  const yesNo = (name: keyof typeof params, label: string) => (
    <label className="flex flex-col text-xs font-medium text-slate-600">
      {label}
      <select name={name} defaultValue={params[name] ?? ""} className={select}>
        <option value="">Any</option>
        <option value="yes">Yes</option>
        <option value="no">No</option>
      </select>
    </label>
  );

  return (
    <>
      <AdminPageHeader
        title="Catalog"
        description={`${total.toLocaleString("en")} products synced from the upstream. Hiding or featuring a product changes only this shop.`}
      />
      <form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <label className="flex flex-col text-xs font-medium text-slate-600">
          Search
          <input name="q" defaultValue={filter.q ?? ""} placeholder="Name, brand or item code" className={select} />
        </label>
        <label className="flex flex-col text-xs font-medium text-slate-600">
          Type
          <select name="type" defaultValue={filter.type ?? ""} className={select}>
            <option value="">Any</option>
            {options.types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col text-xs font-medium text-slate-600">
          Brand
          <select name="brand" defaultValue={filter.brand ?? ""} className={`${select} max-w-48`}>
            <option value="">Any</option>
            {options.brands.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </label>
        {yesNo("listed", "Listed")}
        {yesNo("hidden", "Hidden")}
        {yesNo("featured", "Featured")}
        <button type="submit" className="rounded-md bg-slate-900 px-3 py-1.5 text-sm font-semibold text-white">
          Filter
        </button>
        <Link href="/admin/catalog" className="py-1.5 text-sm text-slate-600 hover:underline">
          Clear
        </Link>
      </form>
      {canWrite ? null : (
        <p className="mb-3 text-sm text-slate-600">Your role can view the catalog but not change it.</p>
      )}
      <DataTable
        caption="Synced products"
        columns={columns}
        rows={items}
        rowKey={(r) => r.id}
        empty="No products match these filters."
      />
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} />
    </>
  );
}
