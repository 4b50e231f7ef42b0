// The guard every admin page calls first: the same checks as the actions (lib/auth/guards),
// turned into what a page should answer. Signed out → sign-in; a staff member who must enrol
// in two-factor sign-in → enrolment; a role without the permission → a 403 refusal page
// (app/admin/forbidden.tsx), never a 500.
import "server-only";
import { forbidden, redirect } from "next/navigation";
import {
  requirePermission,
  requireStaff,
  TwoFactorEnrolmentRequired,
  type Permission,
  type StaffUser,
} from "@/lib/auth/guards";
import { AppError } from "@/lib/errors";

/** The signed-in staff member allowed `permission` (any staff role when omitted). */
export async function guardAdminPage(permission?: Permission): Promise<StaffUser> {
  try {
    return permission ? await requirePermission(permission) : await requireStaff();
  } catch (err) {
    if (err instanceof TwoFactorEnrolmentRequired) redirect("/two-factor/setup");
    if (err instanceof AppError && err.code === "unauthorized") redirect("/sign-in?callbackUrl=/admin");
    if (err instanceof AppError && err.code === "forbidden") forbidden();
    throw err;
  }
}
