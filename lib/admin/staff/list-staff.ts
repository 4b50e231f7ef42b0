// The staff accounts for /admin/staff (owner only): everyone with a staff role, disabled too.
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { staffRoles } from "@/lib/auth/roles";
import { db } from "@/lib/db";

/** Staff accounts, owners first; never password hashes or two-factor secrets (only whether it is on). */
export async function listStaff() {
  await requirePermission("staff.manage");
  const rows = await db.user.findMany({
    where: { role: { in: [...staffRoles] } },
    select: {
      id: true,
      email: true,
      role: true,
      disabledAt: true,
      lastLoginAt: true,
      createdAt: true,
      totpEnabledAt: true,
    },
    orderBy: [{ email: "asc" }],
    take: 500,
  });
  const rank = (r: string) => staffRoles.length - staffRoles.indexOf(r as (typeof staffRoles)[number]);
  return rows.sort((a, b) => rank(a.role) - rank(b.role) || a.email.localeCompare(b.email));
}
export type StaffRow = Awaited<ReturnType<typeof listStaff>>[number];
