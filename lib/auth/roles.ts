// Roles and permissions: pure data and functions, shared by guards, pages and tests.

export type Role = "owner" | "staff" | "support";
export type UserRole = Role | "shopper";
export type StaffUser = { id: string; email: string; role: Role };

export const staffRoles: readonly Role[] = ["support", "staff", "owner"];

export const permissions = [
  "orders.read",
  "orders.refund",
  "orders.reconcile",
  "orders.resend",
  "outbox.retry",
  "payments.release",
  "codes.reveal",
  "catalog.write",
  "pricing.write",
  "promos.write",
  "sync.run",
  "settings.write",
  /** Markets (currencies, rates, price points): owners only, as they decide what shoppers pay. */
  "markets.write",
  "rates.manage",
  "content.write",
  "staff.manage",
  "webhooks.read",
  "audit.read",
] as const;
export type Permission = (typeof permissions)[number];

/** Owner has everything; this table lists what the two lower roles may do. */
const grants: Record<Role, ReadonlySet<Permission>> = {
  owner: new Set(permissions),
  staff: new Set<Permission>([
    "orders.read",
    "orders.refund",
    "orders.reconcile",
    "orders.resend",
    "outbox.retry",
    "codes.reveal",
    "catalog.write",
    "pricing.write",
    "promos.write",
    "sync.run",
    "webhooks.read",
    "audit.read",
  ]),
  support: new Set<Permission>(["orders.read", "orders.resend", "webhooks.read"]),
};

/** True when a role is a staff role (shoppers and unknown strings are not). */
export function isStaffRole(role: string): role is Role {
  return (staffRoles as readonly string[]).includes(role);
}

/** Rank for "at least this role" checks: owner > staff > support. */
export function roleRank(role: Role): number {
  return staffRoles.indexOf(role);
}

/** One place that answers "may this user do X", used by guards and to hide buttons. */
export function can(user: Pick<StaffUser, "role">, permission: Permission): boolean {
  return isStaffRole(user.role) && grants[user.role].has(permission);
}
