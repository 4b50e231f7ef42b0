// Authorisation at the point of use: every admin loader, action and route handler calls
// one of these. The session and the role are re-read from the database on each call, so a
// signed-out session, or a demoted, disabled or deleted user, loses access at once even
// though the JWT cookie still exists.
import "server-only";
import type { NextRequest } from "next/server";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import {
  can,
  isStaffRole,
  roleRank,
  type Permission,
  type Role,
  type StaffUser,
  type UserRole,
} from "@/lib/auth/roles";
import { findLiveSession } from "@/lib/auth/sessions";
import { readRequestSessionIdentity, readSessionIdentity, type SessionIdentity } from "@/lib/auth/session-source";
import { isTwoFactorRequired } from "@/lib/auth/two-factor/policy";

export type { Permission, Role, StaffUser } from "@/lib/auth/roles";
export { can } from "@/lib/auth/roles";
export { setSessionOverrideForTests } from "@/lib/auth/session-source";

export type SessionUser = {
  id: string;
  email: string;
  role: UserRole;
  /** The Session row (null only under a test override). */
  sessionId: string | null;
  /** Staff whose role requires two-factor sign-in and who has not enrolled: only enrolment is open. */
  mustEnrolTwoFactor: boolean;
};

/** Thrown by the staff guards for a staff member who must enrol in two-factor sign-in first. */
export class TwoFactorEnrolmentRequired extends AppError {
  constructor() {
    super("forbidden", {
      message: "two_factor_enrolment_required",
      userMessage: "Set up two-factor sign-in before using the admin.",
    });
  }
}

const userSelect = {
  id: true,
  email: true,
  role: true,
  disabledAt: true,
  sessionVersion: true,
  totpEnabledAt: true,
} as const;

/**
 * The signed-in user with their current role from the DB, or null (signed out, session revoked
 * or idle, deleted or disabled user, a session from before "sign out of all devices", or a
 * staff session without the second factor its account now has).
 */
export async function getSessionUser(): Promise<SessionUser | null> {
  return sessionUserOf(await readSessionIdentity());
}

/** The same for a request read before any page renders (proxy.ts). */
export async function getRequestSessionUser(request: NextRequest): Promise<SessionUser | null> {
  return sessionUserOf(await readRequestSessionIdentity(request));
}

async function sessionUserOf(identity: SessionIdentity): Promise<SessionUser | null> {
  if (!identity) return null;
  let user: {
    id: string;
    email: string;
    role: string;
    disabledAt: Date | null;
    sessionVersion: number;
    totpEnabledAt: Date | null;
  } | null;
  let twoFactorPassed: boolean;
  if (identity.sessionId === undefined) {
    // Test override: a live session that passed every check.
    user = await db.user.findUnique({ where: { id: identity.userId }, select: userSelect });
    twoFactorPassed = true;
  } else {
    const session = identity.sessionId ? await findLiveSession(identity.sessionId, identity.userId) : null;
    user = session?.user ?? null;
    twoFactorPassed = Boolean(session?.twoFactorAt);
  }
  if (!user || user.disabledAt) return null;
  if (identity.sessionVersion !== undefined && identity.sessionVersion !== user.sessionVersion) return null;
  const role: UserRole = isStaffRole(user.role) ? user.role : "shopper";
  if (!isStaffRole(role))
    return { id: user.id, email: user.email, role, sessionId: identity.sessionId ?? null, mustEnrolTwoFactor: false };
  // Enrolled staff always sign in with a code; a session without one is not theirs to use.
  if (user.totpEnabledAt && !twoFactorPassed) return null;
  const mustEnrolTwoFactor =
    identity.sessionId !== undefined && !user.totpEnabledAt && (await isTwoFactorRequired(role));
  return { id: user.id, email: user.email, role, sessionId: identity.sessionId ?? null, mustEnrolTwoFactor };
}

/** Anyone signed in (shopper or staff); throws unauthorized ("Please sign in.") otherwise. */
export async function requireSignedIn(): Promise<SessionUser> {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized");
  return user;
}

/** Staff of at least `minRole` (owner > staff > support); throws unauthorized / forbidden. */
export async function requireStaff(minRole: Role = "support"): Promise<StaffUser> {
  const user = await getSessionUser();
  if (!user) throw new AppError("unauthorized");
  if (!isStaffRole(user.role) || roleRank(user.role) < roleRank(minRole)) throw new AppError("forbidden");
  if (user.mustEnrolTwoFactor) throw new TwoFactorEnrolmentRequired();
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
