import { AdminPageHeader } from "@/app/admin/_components/admin-page-header";
import { DataTable } from "@/components/admin/data-table";
import { formatTime } from "@/components/admin/format";
import { listStaff, type StaffRow } from "@/lib/admin/staff/list-staff";
import { requireStaff } from "@/lib/auth/guards";
import { can } from "@/lib/auth/roles";
import { CreateStaffForm, DisableForm, RoleForm } from "./staff-forms";

export const dynamic = "force-dynamic";
export const metadata = { title: "Staff" };

// Staff accounts (owner only; listStaff checks staff.manage): create, change role, disable.
export default async function StaffPage() {
  const user = await requireStaff();
  if (!can(user, "staff.manage")) {
    return <AdminPageHeader title="Staff" description="Only an owner can manage staff accounts." />;
  }
  const rows = await listStaff();
  return (
    <>
      <AdminPageHeader title="Staff" description="Owner: everything. Staff: orders, refunds up to the limit, catalog. Support: read orders and resend emails." />
      <CreateStaffForm />
      <DataTable<StaffRow>
        caption="Staff accounts"
        rows={rows}
        rowKey={(r) => r.id}
        empty="No staff accounts."
        columns={[
          { key: "email", header: "Email", cell: (r) => r.email },
          { key: "status", header: "Status", cell: (r) => (r.disabledAt ? <span className="text-rose-700">disabled {formatTime(r.disabledAt)}</span> : "active") },
          { key: "login", header: "Last sign-in", cell: (r) => (r.lastLoginAt ? formatTime(r.lastLoginAt) : "never") },
          { key: "role", header: "Role", cell: (r) => <RoleForm userId={r.id} email={r.email} role={r.role} /> },
          { key: "actions", header: "Access", cell: (r) => <DisableForm userId={r.id} email={r.email} disabled={r.disabledAt !== null} /> },
        ]}
      />
    </>
  );
}
