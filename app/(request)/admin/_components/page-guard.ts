// The guard every admin page calls first: its route's rule in lib/http/page-access.ts (the one
// proxy.ts applied before the page rendered), turned into what a page should answer.
import "server-only";
import { isStaffRole, type StaffUser } from "@/lib/auth/roles";
import type { AdminRoute } from "@/lib/http/page-access";
import { guardPage } from "@/lib/http/page-guard";

/** The signed-in staff member `route`'s rule lets in. */
export async function guardAdminPage(route: AdminRoute): Promise<StaffUser> {
  const user = await guardPage(route);
  // The rule let in staff only; the check tells the type so.
  if (!isStaffRole(user.role)) throw new Error(`${route}: a staff rule let in a ${user.role}`);
  return { id: user.id, email: user.email, role: user.role };
}
