import Link from "next/link";
import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { DataTable } from "@/components/admin/data-table";
import { formatTime } from "@/components/admin/format";
import { OrderFiltersForm } from "@/components/admin/order-filters-form";
import { Pager } from "@/components/admin/pager";
import { filtersToParams, parseOrderFilters } from "@/lib/admin/orders/filters";
import { listAdminOrders, listOrderProductTypes, type AdminOrderRow } from "@/lib/admin/orders/list";
import { orderStatuses } from "@/lib/orders/core/states";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Orders" };

// Orders: filter, search (reference, shop order id, upstream order_no or order_id, email), page, export.
export default async function AdminOrdersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await guardAdminPage("/admin/orders");
  const filters = parseOrderFilters(await searchParams);
  const [{ rows, hasNext }, types] = await Promise.all([listAdminOrders(filters), listOrderProductTypes()]);
  const params = filtersToParams(filters);
  const exportQuery = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])),
  ).toString();
  return (
    <>
      <AdminPageHeader title="Orders">
        <a
          href={`/admin/orders/export${exportQuery ? `?${exportQuery}` : ""}`}
          className="rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100"
        >
          Export CSV
        </a>
      </AdminPageHeader>
      <OrderFiltersForm filters={filters} states={[...orderStatuses]} types={types} />
      <DataTable<AdminOrderRow>
        caption="Orders, newest first"
        rows={rows}
        rowKey={(o) => o.id}
        empty="No orders match these filters."
        columns={[
          {
            key: "order",
            header: "Order",
            className: "whitespace-nowrap",
            cell: (o) => (
              <>
                <Link href={`/admin/orders/${o.id}`} className="font-mono text-sm font-semibold underline">
                  {o.reference ?? o.id}
                </Link>
                <span className="block text-xs text-slate-600">{formatTime(o.createdAt)}</span>
              </>
            ),
          },
          { key: "email", header: "Email", className: "[overflow-wrap:anywhere]", cell: (o) => o.email },
          { key: "status", header: "State", cell: (o) => o.status.replace(/_/g, " ") },
          {
            key: "lines",
            header: "Lines",
            className: "min-w-40 [overflow-wrap:anywhere]",
            cell: (o) => (
              <ul>
                {o.lines.map((l, i) => (
                  <li key={i}>
                    {l.quantity} × {l.productName}{" "}
                    <span className="text-slate-500">
                      ({l.status.replace(/_/g, " ")}
                      {l.upstreamOrderNo ? ` · ${l.upstreamOrderNo}` : ""})
                    </span>
                  </li>
                ))}
              </ul>
            ),
          },
          {
            key: "total",
            header: "Total",
            className: "whitespace-nowrap text-right tabular-nums",
            cell: (o) => `${o.total} ${o.currency}`,
          },
        ]}
      />
      <Pager basePath="/admin/orders" params={params} page={filters.page} hasNext={hasNext} />
    </>
  );
}
