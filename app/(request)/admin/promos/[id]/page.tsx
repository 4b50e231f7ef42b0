import Link from "next/link";
import { notFound } from "next/navigation";
import { AdminPageHeader, DataTable, type Column } from "@/app/(request)/admin/_components";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { formatTime } from "@/components/admin/format";
import { can } from "@/lib/auth/guards";
import { env } from "@/lib/env";
import { getPromo } from "@/lib/admin/promos/list-promos";
import { draftOf } from "../draft";
import { PromoForm } from "../promo-form";
import { PromoStatusBadge, describeDiscount, describeWindow } from "../promo-words";

export const metadata = { title: "Promo code" };

type Use = NonNullable<Awaited<ReturnType<typeof getPromo>>>["uses"][number];

const columns: Column<Use>[] = [
  {
    key: "order",
    header: "Order",
    cell: (u) => (
      <Link href={`/admin/orders/${u.order.id}`} className="font-mono text-brand-700 underline">
        {u.order.reference ?? u.order.id}
      </Link>
    ),
  },
  { key: "email", header: "Buyer", cell: (u) => u.order.email, className: "[overflow-wrap:anywhere]" },
  { key: "discount", header: "Discount", cell: (u) => `${u.discount} ${u.currency}`, className: "whitespace-nowrap" },
  { key: "order-status", header: "Order state", cell: (u) => u.order.status.replace(/_/g, " ") },
  {
    key: "use",
    header: "Use",
    cell: (u) => (u.status === "active" ? "counted" : `given back ${formatTime(u.releasedAt)}`),
  },
  { key: "at", header: "When", cell: (u) => formatTime(u.createdAt), className: "whitespace-nowrap" },
];

// One promo code: its settings (editable by owners and staff) and the orders that used it.
export default async function AdminPromoPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await guardAdminPage("/admin/promos/[id]");
  const { id } = await params;
  const found = await getPromo(id);
  if (!found) notFound();
  const { promo, uses } = found;
  return (
    <>
      <AdminPageHeader
        title={`Code ${promo.code}`}
        description={`${describeDiscount(promo)} · ${describeWindow(promo)} · ${promo.usedCount} use${promo.usedCount === 1 ? "" : "s"} counted`}
      >
        <PromoStatusBadge status={promo.status} />
      </AdminPageHeader>
      <p className="mb-4 text-sm">
        <Link href="/admin/promos" className="font-medium text-brand-700 underline">
          All promo codes
        </Link>
      </p>
      <PromoForm initial={draftOf(promo)} currency={env.SHOP_CURRENCY} canWrite={can(user, "promos.write")} />
      <section className="mt-8" aria-labelledby="uses">
        <h2 id="uses" className="mb-1 text-lg font-semibold">
          Orders that used it
        </h2>
        <p className="mb-2 text-sm text-slate-600">
          A use is counted from checkout, before payment; it is given back when the order is cancelled unpaid or
          refunded in full. The newest 100.
        </p>
        {uses.length ? (
          <DataTable caption={`Orders that used ${promo.code}`} columns={columns} rows={uses} rowKey={(u) => u.id} />
        ) : (
          <p className="text-sm text-slate-600">No order has used this code yet.</p>
        )}
      </section>
    </>
  );
}
