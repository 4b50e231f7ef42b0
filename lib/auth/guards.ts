// Authorisation at the point of use: every admin loader, action and route handler calls
// one of these. The role is re-read from the database on each call, so a demoted or
// deleted user loses access at once even though the JWT cookie still exists.
import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { can, isStaffRole, roleRank, type Permission, type Role, type StaffUser, type UserRole } from "@/lib/auth/roles";
import { readSessionIdentity } from "@/lib/auth/session-source";

export type { Permission, Role, StaffUser } from "@/lib/auth/roles";
export { can } from "@/lib/auth/roles";
export { setSessionOverrideForTests } from "@/lib/auth/session-source";

export type SessionUser = { id: string; email: string; role: UserRole };

/**
 * The signed-in user with their current role from the DB, or null (signed out, deleted,
 * disabled, or a session from before "sign out of all devices", a disable or a role change).
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  const identity = await readSessionIdentity();
  if (!identity) return null;
  const user = await db.user.findUnique({
    where: { id: identity.userId },
    select: { id: true, email: true, role: true, disabledAt: true, sessionVersion: true },
  });
  if (!user || user.disabledAt) return null;
  if (identity.sessionVersion !== undefined && identity.sessionVersion !== user.sessionVersion) return null;
  const role = isStaffRole(user.role) ? user.role : "shopper";
  return { id: user.id, email: user.email, role };
}

/** Staff of at least `minRole` (owner > staff > support); throws unauthorized / forbidden. */
export async function requireStaff(minRole: Role = "support"): Promise<StaffUser> {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized");
  if (!isStaffRole(user.role) || roleRank(user.role) < roleRank(minRole)) throw new AppError("forbidden");
  return { id: user.id, email: user.email, role: user.role };
}

/** Staff whose role grants `permission`; throws unauthorized / forbidden. */
export async function requirePermission(permission: Permission): Promise<StaffUser> {
  const user = await requireStaff("support");
  if (!can(user, permission)) throw new AppError("forbidden");
  return user;
}

/** Owner only (staff accounts, settings). */
export async function requireOwner(): Promise<StaffUser> {
  return requireStaff("owner");
}
