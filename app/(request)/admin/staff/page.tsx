import { AdminPageHeader } from "@/app/(request)/admin/_components/admin-page-header";
import { DataTable } from "@/components/admin/data-table";
import { formatTime } from "@/components/admin/format";
import { listStaff, type StaffRow } from "@/lib/admin/staff/list-staff";
import { CreateStaffForm, DisableForm, ResetTwoFactorForm, RoleForm } from "./staff-forms";
import { guardAdminPage } from "@/app/(request)/admin/_components/page-guard";

export const metadata = { title: "Staff" };

// Staff accounts (owner only: other roles get the 403 page): create, change role, disable.
export default async function StaffPage() {
  const me = await guardAdminPage("/admin/staff");
  const rows = await listStaff();
  return (
    <>
      <AdminPageHeader
        title="Staff"
        description="Owner: everything. Staff: orders, refunds up to the limit, catalog. Support: read orders and resend emails."
      />
      <CreateStaffForm />
      <DataTable<StaffRow>
        caption="Staff accounts"
        rows={rows}
        rowKey={(r) => r.id}
        empty="No staff accounts."
        columns={[
          { key: "email", header: "Email", cell: (r) => r.email },
          {
            key: "status",
            header: "Status",
            cell: (r) =>
              r.disabledAt ? <span className="text-rose-700">disabled {formatTime(r.disabledAt)}</span> : "active",
          },
          { key: "login", header: "Last sign-in", cell: (r) => (r.lastLoginAt ? formatTime(r.lastLoginAt) : "never") },
          {
            key: "2fa",
            header: "Two-factor",
            cell: (r) =>
              r.totpEnabledAt ? (
                <span className="flex items-center gap-2">
                  on {r.id === me.id ? null : <ResetTwoFactorForm userId={r.id} email={r.email} />}
                </span>
              ) : (
                "off"
              ),
          },
          { key: "role", header: "Role", cell: (r) => <RoleForm userId={r.id} email={r.email} role={r.role} /> },
          {
            key: "actions",
            header: "Access",
            cell: (r) => <DisableForm userId={r.id} email={r.email} disabled={r.disabledAt !== null} />,
          },
        ]}
      />
    </>
  );
}
