// Who may open each page rendered per request that needs a sign-in, a staff role or a record, in
// one table read twice (docs/accounts-security.md#who-may-open-a-page): by proxy.ts, before
// anything renders, so a refusal is a real 307, 403 or 404 for browsers, caches and monitors; and
// by the page itself (app/(request)/admin/_components/page-guard.ts and the account pages), where
// its data is read. Actions and route handlers keep their own guards (lib/auth/guards.ts).
import "server-only";
import { can, isStaffRole, type Permission, type Role } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/guards";
import { productExists } from "@/lib/admin/catalog/product-offers";
import { isContentPageSlug } from "@/lib/content/slugs";
import { db } from "@/lib/db";
import { orderTokenExists } from "@/lib/orders/view/order-view";

/**
 * Does the record a page shows exist? A lookup without side effects or guards of its own (the
 * page's loader records an audit entry or checks the session through the render's request, which
 * the proxy has not got), by the same key as the page's loader.
 */
type RecordCheck = (segment: string) => Promise<boolean>;

type Rule =
  /** Any signed-in user; signed out → sign-in, back here after. */
  | { need: "signedIn" }
  /** Two-factor enrolment: staff only; a shopper → their account. */
  | { need: "staffSignedIn" }
  /**
   * An admin page: staff (a shopper → the shop; one who must enrol in two-factor sign-in → enrolment)
   * whose role grants `permission` (any staff role when none) → else 403; `record`, when it names
   * one, must exist → else 404 (checked after the role, so a refused role learns nothing of it).
   */
  | { need: "staff"; permission?: Permission; record?: RecordCheck }
  /** Open to anyone holding the link; the record its last dynamic segment names must exist → else 404. */
  | { need: "record"; record: RecordCheck }
  /** A route handler under a guarded tree: it answers for itself. */
  | { need: "itself" };

/** A row of `table` with this id (the admin record pages load theirs by id). */
const rowExists =
  (table: "order" | "outboxEmail" | "webhookDelivery" | "promoCode"): RecordCheck =>
  async (id) => {
    const where = { where: { id }, select: { id: true } };
    const row =
      table === "order"
        ? await db.order.findUnique(where)
        : table === "outboxEmail"
          ? await db.outboxEmail.findUnique(where)
          : table === "webhookDelivery"
            ? await db.webhookDelivery.findUnique(where)
            : await db.promoCode.findUnique(where);
    return row !== null;
  };

/**
 * Every page under /admin, /account, /two-factor and /orders, by its route (a `[name]` segment
 * matches any one segment; a literal one wins over it, as in Next's routing). A unit test keeps
 * this list and the app's files in step.
 */
export const pageRules = {
  "/account": { need: "signedIn" },
  "/two-factor/setup": { need: "staffSignedIn" },
  "/orders/find": { need: "itself" },
  "/orders/[token]": { need: "record", record: orderTokenExists },
  "/orders/[token]/receipt": { need: "record", record: orderTokenExists },
  "/admin": { need: "staff", permission: "orders.read" },
  "/admin/audit": { need: "staff", permission: "audit.read" },
  "/admin/catalog": { need: "staff" },
  "/admin/catalog/[itemCode]": {
    need: "staff",
    record: async (code) => productExists(decodeURIComponent(code)),
  },
  "/admin/markets": { need: "staff", permission: "markets.write" },
  "/admin/orders": { need: "staff", permission: "orders.read" },
  "/admin/orders/export": { need: "itself" },
  "/admin/orders/[id]": {
    need: "staff",
    permission: "orders.read",
    record: rowExists("order"),
  },
  "/admin/outbox": { need: "staff" },
  "/admin/outbox/[id]": {
    need: "staff",
    record: rowExists("outboxEmail"),
  },
  "/admin/pages": { need: "staff", permission: "orders.read" },
  "/admin/pages/[slug]": {
    need: "staff",
    permission: "orders.read",
    record: async (slug) => isContentPageSlug(slug),
  },
  "/admin/pricing": { need: "staff" },
  "/admin/promos": { need: "staff" },
  "/admin/promos/[id]": {
    need: "staff",
    record: rowExists("promoCode"),
  },
  "/admin/rates": { need: "staff", permission: "rates.manage" },
  "/admin/risk": { need: "staff", permission: "orders.read" },
  "/admin/search-synonyms": { need: "staff", permission: "settings.write" },
  "/admin/security": { need: "staff" },
  "/admin/settings": { need: "staff" },
  "/admin/staff": { need: "staff", permission: "staff.manage" },
  "/admin/suppliers": { need: "staff", permission: "settings.write" },
  "/admin/sync": { need: "staff" },
  "/admin/sync/progress": { need: "itself" },
  "/admin/webhooks": { need: "staff", permission: "webhooks.read" },
  "/admin/webhooks/[id]": {
    need: "staff",
    permission: "webhooks.read",
    record: rowExists("webhookDelivery"),
  },
} as const satisfies Record<string, Rule>;

export type GuardedRoute = keyof typeof pageRules;
export type AdminRoute = Extract<GuardedRoute, `/admin${string}`>;

/** What a page answers a visitor before it renders. */
export type PageAccess =
  { kind: "open" } | { kind: "redirect"; location: string } | { kind: "forbidden" } | { kind: "notFound" };

/** Where a signed-out visitor is sent, to come back to `path` once signed in. */
export const signInFor = (path: string): string => `/sign-in?callbackUrl=${encodeURIComponent(path)}`;

/** The route of a page path (without market prefix), with the segment its record is named by. */
export function guardedRouteOf(path: string): { route: GuardedRoute; segment: string | null } | null {
  const parts = path.split("/").filter(Boolean);
  let found: { route: GuardedRoute; segment: string | null; literal: number } | null = null;
  for (const route of Object.keys(pageRules) as GuardedRoute[]) {
    const pattern = route.split("/").filter(Boolean);
    if (pattern.length !== parts.length) continue;
    let segment: string | null = null;
    let literal = 0;
    const matches = pattern.every((p, i) => {
      if (p.startsWith("[")) return ((segment = parts[i]), true);
      literal++;
      return p === parts[i];
    });
    if (matches && (!found || literal > found.literal)) found = { route, segment, literal };
  }
  return found && { route: found.route, segment: found.segment };
}

/**
 * The answer for `user` (null: signed out) at `route`. `path` is where sign-in sends them back.
 * `segment` names the page's record to look for; null skips that (the page loads it itself).
 */
export async function decidePageAccess(
  route: GuardedRoute,
  user: SessionUser | null,
  path: string,
  segment: string | null,
): Promise<PageAccess> {
  const rule: Rule = pageRules[route];
  switch (rule.need) {
    case "itself":
      return { kind: "open" };
    case "record":
      return segment === null || (await rule.record(segment)) ? { kind: "open" } : { kind: "notFound" };
    case "signedIn":
      return user ? { kind: "open" } : { kind: "redirect", location: signInFor(path) };
    case "staffSignedIn":
      if (!user) return { kind: "redirect", location: signInFor(path) };
      return isStaffRole(user.role) ? { kind: "open" } : { kind: "redirect", location: "/account" };
    case "staff": {
      const door = staffDoor(user, path);
      if ("location" in door) return { kind: "redirect", location: door.location };
      if (rule.permission && !can({ role: door.staff.role }, rule.permission)) return { kind: "forbidden" };
      if (segment !== null && rule.record && !(await rule.record(segment))) return { kind: "notFound" };
      return { kind: "open" };
    }
  }
}

/**
 * The admin's door, before any permission: where `user` is sent instead (signed out → sign-in, back
 * to `path`; a shopper → the shop; staff who must enrol in two-factor sign-in → enrolment), or the
 * staff member let in. Every admin rule starts with it, and so does the admin layout.
 */
export function staffDoor(
  user: SessionUser | null,
  path: string,
): { location: string } | { staff: SessionUser & { role: Role } } {
  if (!user) return { location: signInFor(path) };
  const { role } = user;
  if (!isStaffRole(role)) return { location: "/" };
  if (user.mustEnrolTwoFactor) return { location: "/two-factor/setup" };
  return { staff: { ...user, role } };
}

/** True when `route`'s answer depends on who is signed in (the proxy reads the session only then). */
export const needsSession = (route: GuardedRoute): boolean =>
  pageRules[route].need !== "itself" && pageRules[route].need !== "record";
