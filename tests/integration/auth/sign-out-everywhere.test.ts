// Sign out everywhere: the JWT carries User.sessionVersion; the guards refuse a token whose
// version the DB has moved past (the action, a disable and a role change all bump it).
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeStaffRoleAction, setStaffDisabledAction } from "@/lib/admin/staff/actions";
import { getSessionUser, requireStaff, setSessionOverrideForTests } from "@/lib/auth/guards";
import { authOptions } from "@/lib/auth/options";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { signOutEverywhereAction } from "@/lib/auth/sign-out-everywhere-action";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { actAs, createRoleUsers, type TestUsers } from "./helpers";

let users: TestUsers;
beforeAll(async () => {
  users = await createRoleUsers("soe");
});
afterEach(() => setSessionOverrideForTests(undefined));

const versionOf = async (id: string) =>
  (await db.user.findUniqueOrThrow({ where: { id }, select: { sessionVersion: true } })).sessionVersion;
const actWithVersion = (id: string, sessionVersion: number) =>
  setSessionOverrideForTests({ userId: id, sessionVersion });
function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

describe("session version in the guards", () => {
  it("refuses a session issued with an older version and accepts the current one", async () => {
    const staff = await db.user.update({ where: { id: users.staff.id }, data: { sessionVersion: { increment: 1 } } });
    actWithVersion(staff.id, staff.sessionVersion - 1);
    expect(await getSessionUser()).toBeNull();
    await expect(requireStaff()).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === "unauthorized");
    actWithVersion(staff.id, staff.sessionVersion);
    expect((await requireStaff()).id).toBe(staff.id);
  });

  it("keeps version-less test overrides working (they follow the DB)", async () => {
    actAs(users.support);
    expect((await requireStaff()).role).toBe("support");
  });

  it("puts the signed-in user's version into the JWT and the session", async () => {
    await db.user.update({ where: { id: users.support.id }, data: { sessionVersion: 3 } });
    const signedIn = await signInWithPassword({
      email: users.support.email,
      password: "pw-0123456789",
      ip: "10.7.0.1",
    });
    expect(signedIn?.sessionVersion).toBe(3);
    const jwt = authOptions.callbacks!.jwt! as (p: {
      token: Record<string, unknown>;
      user?: unknown;
    }) => Promise<Record<string, unknown>> | Record<string, unknown>;
    const token = await jwt({
      token: {},
      user: { id: signedIn!.id, email: signedIn!.email, sessionVersion: signedIn!.sessionVersion },
    });
    expect(token).toMatchObject({ uid: signedIn!.id, sv: 3 });
    const session = authOptions.callbacks!.session! as (p: {
      session: { user: Record<string, unknown> };
      token: Record<string, unknown>;
    }) => unknown;
    expect(await session({ session: { user: {} }, token })).toMatchObject({ user: { id: signedIn!.id, sv: 3 } });
  });
});

describe("signOutEverywhereAction", () => {
  it("bumps the version, so the session that ran it (and every other) is signed out", async () => {
    const before = await versionOf(users.shopper.id);
    actWithVersion(users.shopper.id, before);
    expect(await signOutEverywhereAction()).toMatchObject({ ok: true });
    expect(await versionOf(users.shopper.id)).toBe(before + 1);
    expect(await getSessionUser()).toBeNull();
  });

  it("audits a staff member signing out everywhere", async () => {
    actWithVersion(users.owner.id, await versionOf(users.owner.id));
    expect((await signOutEverywhereAction()).ok).toBe(true);
    expect(await db.auditLog.count({ where: { action: "auth.sign_out_everywhere", targetId: users.owner.id } })).toBe(
      1,
    );
  });

  it("refuses a signed-out visitor and bumps nothing", async () => {
    const before = await versionOf(users.shopper.id);
    actAs(null);
    expect(await signOutEverywhereAction()).toEqual({ ok: false, message: "Please sign in." });
    expect(await versionOf(users.shopper.id)).toBe(before);
  });
});

describe("owner changes to a staff account", () => {
  it("disabling bumps the version, so re-enabling does not revive old sessions", async () => {
    const target = await db.user.create({
      data: { email: "soe-leaver@example.test", passwordHash: "x", role: "staff", emailVerifiedAt: new Date() },
    });
    actAs(users.owner);
    expect((await setStaffDisabledAction(null, form({ userId: target.id, disabled: "true" }))).ok).toBe(true);
    expect(await versionOf(target.id)).toBe(1);
    expect((await setStaffDisabledAction(null, form({ userId: target.id, disabled: "false" }))).ok).toBe(true);
    expect(await versionOf(target.id)).toBe(1);
    actWithVersion(target.id, 0);
    expect(await getSessionUser()).toBeNull();
    actWithVersion(target.id, 1);
    expect((await getSessionUser())?.id).toBe(target.id);
  });

  it("a role change bumps the version; setting the same role does not", async () => {
    const target = await db.user.create({
      data: { email: "soe-mover@example.test", passwordHash: "x", role: "support", emailVerifiedAt: new Date() },
    });
    actAs(users.owner);
    expect((await changeStaffRoleAction(null, form({ userId: target.id, role: "staff" }))).ok).toBe(true);
    expect(await versionOf(target.id)).toBe(1);
    expect((await changeStaffRoleAction(null, form({ userId: target.id, role: "staff" }))).ok).toBe(true);
    expect(await versionOf(target.id)).toBe(1);
    actWithVersion(target.id, 0);
    expect(await getSessionUser()).toBeNull();
  });
});
