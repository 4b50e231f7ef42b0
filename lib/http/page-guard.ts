// The page side of lib/http/page-access.ts: what a page rendered per request calls first, with the
// same rule proxy.ts applied before it rendered — a session ended in between still finds the door
// shut. Signed out → sign-in; a shopper on an admin page → the shop; staff who must enrol in
// two-factor sign-in → enrolment; a role without the permission → the 403 refusal page
// (app/(request)/admin/forbidden.tsx). The page loads its own record and answers 404 itself.
import "server-only";
import { forbidden, notFound, redirect } from "next/navigation";
import { getSessionUser, type SessionUser } from "@/lib/auth/guards";
import type { Role } from "@/lib/auth/roles";
import { decidePageAccess, staffDoor, type GuardedRoute } from "@/lib/http/page-access";

/** The signed-in user `route`'s rule lets in (any rule here needs one), or the page's refusal. */
export async function guardPage(route: GuardedRoute): Promise<SessionUser> {
  const user = await getSessionUser();
  // Sign-in sends them back to the page, or to the admin's front page from one of its records.
  const back = route.startsWith("/admin") && route.includes("[") ? "/admin" : route;
  const access = await decidePageAccess(route, user, back, null);
  if (access.kind === "redirect") redirect(access.location);
  if (access.kind === "forbidden") forbidden();
  if (access.kind === "notFound") notFound();
  if (!user) throw new Error(`${route}: its rule lets in visitors who are not signed in; guardPage is not for it`);
  return user;
}

/**
 * The admin layout's check: the door every admin rule starts with (lib/http/page-access.ts
 * `staffDoor`), as layouts do not re-run on every navigation; each page adds its own permission.
 */
export async function guardStaff(): Promise<SessionUser & { role: Role }> {
  const door = staffDoor(await getSessionUser(), "/admin");
  if ("location" in door) redirect(door.location);
  return door.staff;
}
