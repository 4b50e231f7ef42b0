import { AdminPageHeader } from "@/app/(request)/admin/_components";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { formatTime } from "@/components/admin/format";
import { supplierOverview, type SupplierOverview } from "@/lib/admin/suppliers/overview";
import { SupplierForm } from "./supplier-form";

export const metadata = { title: "Suppliers" };

// Each configured supplier with what owners edit (label, priority, enabled); owners only.
// Where a supplier is and its secrets come from the environment (docs/suppliers.md#configuration).
export default async function AdminSuppliersPage() {
  await guardAdminPage("/admin/suppliers");
  const suppliers = await supplierOverview();
  return (
    <>
      <AdminPageHeader
        title="Suppliers"
        description="The wholesalers this shop can buy from. Their addresses, keys and secrets are set in the environment; here you name them, order them (lower priority first among equal offers) and switch them on or off. Every change is audited."
      />
      <ul className="space-y-3">
        {suppliers.map((s) => (
          <li key={s.name} className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="mb-2 text-sm font-semibold">
              <code>{s.name}</code>
            </h2>
            <SupplierFigures s={s} />
            <SupplierForm initial={{ name: s.name, label: s.label, priority: s.priority, enabled: s.enabled }} />
          </li>
        ))}
      </ul>
    </>
  );
}

const money = (d: { toFixed: (n: number) => string } | null) => (d === null ? "unknown" : d.toFixed(2));

// Health, wallet, budget, sync and figures of one supplier (lib/admin/suppliers/overview.ts).
function SupplierFigures({ s }: { s: SupplierOverview }) {
  const { health, wallet, budget } = s;
  return (
    <dl className="mb-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-testid="supplier-figures">
      <div>
        <dt className="inline font-medium">Health (24 h): </dt>
        <dd className="inline">
          {health.failovers} failed over ({health.rateLimited} rate limited, {health.walletShort} wallet short) ·{" "}
          {health.unanswered} calls unanswered
          {health.failing ? " · failing: passed over by routing" : ""}
          {health.pausedAt ? ` · paused since ${formatTime(health.pausedAt)} (402)` : ""}
          {health.blockedUntil ? ` · blocked until ${formatTime(health.blockedUntil)} (429)` : ""}
        </dd>
      </div>
      <div>
        <dt className="inline font-medium">Wallet: </dt>
        <dd className="inline">
          estimate {money(wallet.estimate)} · reserve {money(wallet.reserve)}
        </dd>
      </div>
      <div>
        <dt className="inline font-medium">Request budget: </dt>
        <dd className="inline">{budget ? `${budget.used} of ${budget.limit} this minute` : "not used yet"}</dd>
      </div>
      <div>
        <dt className="inline font-medium">Last sync: </dt>
        <dd className="inline">
          {s.lastSync ? formatTime(s.lastSync) : "never"} · {s.offers.inStock} of {s.offers.total} offers in stock
        </dd>
      </div>
      <div>
        <dt className="inline font-medium">Lines (30 days): </dt>
        <dd className="inline">
          {s.lines.count} ({Math.round(s.lines.share * 100)}% of lines bought) · margin {money(s.margin)}
        </dd>
      </div>
    </dl>
  );
}
