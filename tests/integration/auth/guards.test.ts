// Guards: every role × every permission, signed-out and shopper refusals, and roles read
// from the database on each call (a demoted user loses access at once).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { can, getSessionUser, requirePermission, requireStaff, setSessionOverrideForTests } from "@/lib/auth/guards";
import { permissions, type Permission, type Role } from "@/lib/auth/roles";
import { actAs, createRoleUsers, type TestUsers } from "./helpers";

let users: TestUsers;
beforeAll(async () => {
  users = await createRoleUsers("guards");
});
afterEach(() => setSessionOverrideForTests(undefined));

const expected: Record<Role, Permission[]> = {
  owner: [...permissions],
  staff: [
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
  ],
  support: ["orders.read", "orders.resend", "webhooks.read"],
};

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return "ok";
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe("permissions", () => {
  for (const role of ["owner", "staff", "support"] as const) {
    for (const permission of permissions) {
      const allowed = expected[role].includes(permission);
      it(`${role} ${allowed ? "may" : "may not"} ${permission}`, async () => {
        expect(can({ role }, permission)).toBe(allowed);
        actAs(users[role]);
        expect(await codeOf(() => requirePermission(permission))).toBe(allowed ? "ok" : "forbidden");
      });
    }
  }

  it("refuses every permission to a shopper with forbidden", async () => {
    actAs(users.shopper);
    for (const permission of permissions) expect(await codeOf(() => requirePermission(permission))).toBe("forbidden");
  });

  it("refuses every permission when signed out with unauthorized", async () => {
    actAs(null);
    for (const permission of permissions)
      expect(await codeOf(() => requirePermission(permission))).toBe("unauthorized");
  });
});

describe("requireStaff", () => {
  it("orders roles owner > staff > support", async () => {
    actAs(users.support);
    expect(await codeOf(() => requireStaff())).toBe("ok");
    expect(await codeOf(() => requireStaff("staff"))).toBe("forbidden");
    actAs(users.staff);
    expect(await codeOf(() => requireStaff("staff"))).toBe("ok");
    expect(await codeOf(() => requireStaff("owner"))).toBe("forbidden");
    actAs(users.owner);
    expect(await requireStaff("owner")).toEqual({ id: users.owner.id, email: users.owner.email, role: "owner" });
  });

  it("refuses shoppers and signed-out visitors", async () => {
    actAs(users.shopper);
    expect(await codeOf(() => requireStaff())).toBe("forbidden");
    actAs(null);
    expect(await codeOf(() => requireStaff())).toBe("unauthorized");
  });

  it("re-reads the role from the database so a demoted user loses access at once", async () => {
    const { createUser } = await import("@/lib/auth/accounts");
    const u = await createUser({ email: "demoted@example.test", password: "pw-0123456789", role: "staff" });
    actAs(u);
    expect(await codeOf(() => requirePermission("orders.refund"))).toBe("ok");
    await db.user.update({ where: { id: u.id }, data: { role: "support" } });
    expect(await codeOf(() => requirePermission("orders.refund"))).toBe("forbidden");
    await db.user.update({ where: { id: u.id }, data: { role: "shopper" } });
    expect(await codeOf(() => requireStaff())).toBe("forbidden");
    expect((await getSessionUser())?.role).toBe("shopper");
  });

  it("treats a deleted or disabled user as signed out", async () => {
    const { createUser } = await import("@/lib/auth/accounts");
    const u = await createUser({ email: "gone@example.test", password: "pw-0123456789", role: "owner" });
    actAs(u);
    await db.user.update({ where: { id: u.id }, data: { disabledAt: new Date() } });
    expect(await codeOf(() => requireStaff())).toBe("unauthorized");
    await db.user.delete({ where: { id: u.id } });
    expect(await getSessionUser()).toBeNull();
  });
});
