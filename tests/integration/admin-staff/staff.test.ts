// Staff management (owner only): create with a one-time password, change role, disable; all
// audited; the last active owner can't be demoted or disabled; a disabled account loses access.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { changeStaffRoleAction, createStaffAction, setStaffDisabledAction } from "@/lib/admin/staff/actions";
import { listStaff } from "@/lib/admin/staff/list-staff";
import { getSessionUser, requireStaff, setSessionOverrideForTests } from "@/lib/auth/guards";
import { authorizeCredentials } from "@/lib/auth/authorize";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { db } from "@/lib/db";
import { AppError, type ActionState } from "@/lib/errors";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

let users: TestUsers;

beforeAll(async () => {
  users = await createRoleUsers("staffmgmt");
});
afterEach(() => setSessionOverrideForTests(undefined));

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}
const create = (email: string, role: string) => createStaffAction(null, form({ email, role }));
const setRole = (userId: string, role: string) => changeStaffRoleAction(null, form({ userId, role }));
const setDisabled = (userId: string, disabled: boolean) =>
  setStaffDisabledAction(null, form({ userId, disabled: String(disabled) }));
const password = (r: ActionState) => (r.ok ? (r.data as { password: string }).password : "");

describe("staff accounts", () => {
  it("lets the owner create a staff account whose one-time password signs in, audited without the password", async () => {
    actAs(users.owner);
    const r = await create(" New.Support@Example.test ", "support");
    expect(r).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Created new\.support@example\.test \(support\)/),
    });
    const pw = password(r);
    expect(pw.length).toBeGreaterThanOrEqual(16);
    const user = await db.user.findUniqueOrThrow({ where: { email: "new.support@example.test" } });
    expect(user.role).toBe("support");
    expect(user.passwordHash).not.toContain(pw);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "staff.create", targetId: user.id } });
    expect(audit.actorId).toBe(users.owner.id);
    expect(JSON.parse(audit.after!)).toEqual({ email: "new.support@example.test", role: "support", disabled: false });
    expect(`${audit.before}${audit.after}`).not.toContain(pw);
    expect(await signInWithPassword({ email: "new.support@example.test", password: pw, ip: "10.9.0.1" })).toMatchObject(
      { role: "support" },
    );
    expect(
      await authorizeCredentials({ email: "new.support@example.test", password: pw, ip: "10.9.0.1" }),
    ).toMatchObject({ id: user.id });
    expect(await db.auditLog.count({ where: { action: "auth.sign_in", actorId: user.id } })).toBe(1);
  });

  it("refuses a duplicate email, a bad email and an unknown role", async () => {
    actAs(users.owner);
    expect(await create(users.staff.email, "staff")).toEqual({
      ok: false,
      message: "An account with this email already exists.",
    });
    const bad = await create("not-an-email", "admin");
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.fieldErrors ?? {})).toEqual(expect.arrayContaining(["email", "role"]));
  });

  it("lists staff accounts for the owner only, never shoppers or password hashes", async () => {
    actAs(users.owner);
    const rows = await listStaff();
    expect(rows.map((r) => r.email)).toEqual(
      expect.arrayContaining([users.owner.email, users.staff.email, users.support.email]),
    );
    expect(rows.some((r) => r.email === users.shopper.email)).toBe(false);
    expect(rows[0]!.role).toBe("owner");
    expect(Object.keys(rows[0]!)).not.toContain("passwordHash");
    for (const who of [users.staff, users.support, users.shopper, null]) {
      actAs(who);
      await expect(listStaff()).rejects.toBeInstanceOf(AppError);
    }
  });

  it("changes a role with before/after in the audit log, and the guard sees it at once", async () => {
    actAs(users.owner);
    const created = await create("promote-me@example.test", "support");
    const target = await db.user.findUniqueOrThrow({ where: { email: "promote-me@example.test" } });
    expect(created.ok).toBe(true);
    expect(await setRole(target.id, "staff")).toMatchObject({
      ok: true,
      message: "promote-me@example.test is now staff.",
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "staff.role_change", targetId: target.id } });
    expect(JSON.parse(audit.before!)).toMatchObject({ role: "support" });
    expect(JSON.parse(audit.after!)).toMatchObject({ role: "staff" });
    actAs(target);
    expect((await requireStaff("staff")).role).toBe("staff");
  });

  it("disables an account: the guards and sign-in refuse it at once; enabling restores it", async () => {
    actAs(users.owner);
    const created = await create("leaver@example.test", "staff");
    const pw = password(created);
    const target = await db.user.findUniqueOrThrow({ where: { email: "leaver@example.test" } });
    expect(await setDisabled(target.id, true)).toMatchObject({ ok: true, message: "leaver@example.test is disabled." });
    expect(await db.auditLog.count({ where: { action: "staff.disable", targetId: target.id } })).toBe(1);

    actAs(target);
    expect(await getSessionUser()).toBeNull();
    await expect(requireStaff()).rejects.toSatisfy((e: unknown) => e instanceof AppError && e.code === "unauthorized");
    expect(await signInWithPassword({ email: "leaver@example.test", password: pw, ip: "10.9.0.2" })).toBeNull();

    actAs(users.owner);
    expect((await setDisabled(target.id, false)).ok).toBe(true);
    expect(await db.auditLog.count({ where: { action: "staff.enable", targetId: target.id } })).toBe(1);
    expect(await signInWithPassword({ email: "leaver@example.test", password: pw, ip: "10.9.0.3" })).toMatchObject({
      role: "staff",
    });
  });

  it("never demotes or disables the last active owner", async () => {
    const others = await db.user.findMany({ where: { role: "owner", id: { not: users.owner.id } } });
    await db.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { role: "staff" } });
    actAs(users.owner);
    const demote = await setRole(users.owner.id, "staff");
    expect(demote).toMatchObject({ ok: false, message: expect.stringMatching(/last active owner/) });
    expect((await db.user.findUniqueOrThrow({ where: { id: users.owner.id } })).role).toBe("owner");
    expect(await setDisabled(users.owner.id, true)).toMatchObject({
      ok: false,
      message: "You cannot disable your own account.",
    });

    // A second owner who is disabled does not count: the first still cannot step down.
    const second = await create("second-owner@example.test", "owner");
    const secondId = (await db.user.findUniqueOrThrow({ where: { email: "second-owner@example.test" } })).id;
    expect(second.ok).toBe(true);
    expect((await setDisabled(secondId, true)).ok).toBe(true);
    expect((await setRole(users.owner.id, "support")).ok).toBe(false);
    // Once the second owner is active again, the first may step down, and the second can't be disabled.
    expect((await setDisabled(secondId, false)).ok).toBe(true);
    expect((await setRole(users.owner.id, "staff")).ok).toBe(true);
    actAs({ id: secondId });
    expect(await setRole(secondId, "staff")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/last active owner/),
    });
    expect(await db.auditLog.count({ where: { action: "staff.role_change", targetId: secondId } })).toBe(0);
    expect((await setRole(users.owner.id, "owner")).ok).toBe(true);
  });

  it("refuses every staff action to staff, support, shoppers and signed-out callers, recording nothing", async () => {
    for (const who of [users.staff, users.support, users.shopper, null]) {
      actAs(who);
      const before = await db.auditLog.count();
      for (const r of [
        await create(`x-${Date.now()}@example.test`, "owner"),
        await setRole(users.staff.id, "owner"),
        await setDisabled(users.owner.id, true),
      ]) {
        expect(r).toEqual({ ok: false, message: who ? "You are not allowed to do that." : "Please sign in." });
      }
      expect(await db.auditLog.count()).toBe(before);
    }
    expect((await db.user.findUniqueOrThrow({ where: { id: users.staff.id } })).role).toBe("staff");
  });
});
