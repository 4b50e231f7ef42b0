import Link from "next/link";
import { AdminPageHeader, DataTable, type Column } from "@/app/(request)/admin/_components";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { Badge } from "@/components/ui/badge";
import { can } from "@/lib/auth/guards";
import { env } from "@/lib/env";
import { listPromos, type PromoView } from "@/lib/admin/promos/list-promos";
import { promoScopeLabels } from "@/lib/promos/promo-terms";
import { draftOf } from "./draft";
import { PromoForm } from "./promo-form";
import { PromoStatusBadge, describeDiscount, describeWindow } from "./promo-words";

export const metadata = { title: "Promo codes" };

const columns: Column<PromoView>[] = [
  {
    key: "code",
    header: "Code",
    cell: (p) => (
      <Link href={`/admin/promos/${p.id}`} className="font-mono font-semibold text-brand-700 underline">
        {p.code}
      </Link>
    ),
  },
  { key: "discount", header: "Discount", cell: (p) => describeDiscount(p) },
  {
    key: "scope",
    header: "Applies to",
    cell: (p) => (p.scope === "all" ? promoScopeLabels.all : `${promoScopeLabels[p.scope]}: ${p.scopeKeys.join(", ")}`),
    className: "[overflow-wrap:anywhere]",
  },
  { key: "window", header: "When", cell: (p) => describeWindow(p) },
  {
    key: "uses",
    header: "Uses",
    cell: (p) =>
      `${p.usedCount}${p.maxUses === null ? "" : ` of ${p.maxUses}`}${p.maxUsesPerShopper === null ? "" : ` · ${p.maxUsesPerShopper} per shopper`}`,
    className: "whitespace-nowrap",
  },
  { key: "status", header: "State", cell: (p) => <PromoStatusBadge status={p.status} /> },
];

// Promo codes: every code with its state and uses, and a form to create one (owners and staff).
export default async function AdminPromosPage() {
  const user = await guardAdminPage("/admin/promos");
  const promos = await listPromos();
  const canWrite = can(user, "promos.write");
  return (
    <>
      <AdminPageHeader
        title="Promo codes"
        description="Percentage or fixed discounts for everything or chosen product types, brands or item codes, with dates and usage limits. The discount comes off each line's price, and the minimum margin still holds after it: a code never sells below cost."
      />
      {/* An empty table would be a scroll area with nothing to focus on a phone: say it in words. */}
      {promos.length ? (
        <DataTable caption="Promo codes" columns={columns} rows={promos} rowKey={(p) => p.id} />
      ) : (
        <p className="text-sm text-slate-600">No promo codes yet.</p>
      )}
      {canWrite ? (
        <section className="mt-8" aria-labelledby="new-code">
          <h2 id="new-code" className="mb-2 text-lg font-semibold">
            New code
          </h2>
          <PromoForm initial={draftOf(null)} currency={env.SHOP_CURRENCY} canWrite />
        </section>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          <Badge>read only</Badge> Your role can see codes and their uses; owners and staff create and change them.
        </p>
      )}
    </>
  );
}
