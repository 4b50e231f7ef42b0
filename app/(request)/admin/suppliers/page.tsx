import { AdminPageHeader } from "@/app/(request)/admin/_components";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";
import { listSuppliers } from "@/lib/suppliers/rows";
import { SupplierForm } from "./supplier-form";

export const metadata = { title: "Suppliers" };

// Each configured supplier with what owners edit (label, priority, enabled); owners only.
// Where a supplier is and its secrets come from the environment (docs/suppliers.md#configuration).
export default async function AdminSuppliersPage() {
  await guardAdminPage("settings.write");
  const suppliers = await listSuppliers();
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
            <SupplierForm initial={s} />
          </li>
        ))}
      </ul>
    </>
  );
}
