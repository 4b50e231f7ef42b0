// Password reset: one answer whether or not the account exists, limits per client and per email,
// a link that works once and expires, every session ended, staff resets audited, and staff
// with two-factor sign-in still need their code afterwards.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getOutboxEmail } from "@/lib/admin/outbox/list-emails";
import { authorizeCredentials, SignInRefused } from "@/lib/auth/authorize";
import { createUser } from "@/lib/auth/accounts";
import { getSessionUser, setSessionOverrideForTests } from "@/lib/auth/guards";
import { requestPasswordResetAction, resetPasswordAction } from "@/lib/auth/password-reset-actions";
import { requestPasswordReset, resetPassword, resetTokenTtlMs } from "@/lib/auth/password-reset";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "@/lib/auth/two-factor/enrolment";
import { generateTotpCode } from "@/lib/auth/two-factor/totp";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { latestSentText } from "../../helpers/outbox-mail";
import { actAs, createRoleUsers, type TestUsers } from "./helpers";

let users: TestUsers;
beforeAll(async () => {
  users = await createRoleUsers("reset");
});
afterEach(() => setSessionOverrideForTests(undefined));

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}
/** The link's token from the newest reset email to this address (as the account holder reads it). */
async function tokenFor(email: string): Promise<string> {
  return /reset-password\?token=([\w-]+)/.exec(await latestSentText(email, "password_reset"))![1];
}

describe("asking for a reset link", () => {
  it("answers the same for an existing and an unknown email, and emails only the account", async () => {
    const known = await requestPasswordResetAction(null, form({ email: users.shopper.email }));
    const unknown = await requestPasswordResetAction(null, form({ email: "nobody-here@example.test" }));
    await waitForAfterResponseTasks();
    expect(known).toEqual(unknown);
    expect(known.ok).toBe(true);
    expect(await db.outboxEmail.count({ where: { to: users.shopper.email, kind: "password_reset" } })).toBe(1);
    expect(await db.outboxEmail.count({ where: { to: "nobody-here@example.test" } })).toBe(0);
    expect(await db.passwordResetToken.count({ where: { userId: users.shopper.id } })).toBe(1);
  });

  it("writes the reset link and the change notice in the language the reset was asked in", async () => {
    const u = await createUser({ email: "reset-id@example.test", password: "old-password-1", role: "shopper" });
    await requestPasswordReset(u.email, "10.44.0.1", new Date(), "id");
    const text = await latestSentText(u.email, "password_reset");
    expect(text).toContain("Pilih kata sandi baru di sini:");
    const row = await db.outboxEmail.findFirstOrThrow({ where: { to: u.email, kind: "password_reset" } });
    expect(row.subject).toMatch(/: atur ulang kata sandi Anda$/);
    const token = /reset-password\?token=([\w-]+)/.exec(text)![1]!;
    expect(await resetPassword(token, "new-password-2", "10.44.0.1", new Date(), "id")).toBe(true);
    expect(await latestSentText(u.email, "password_changed")).toContain("Kata sandi akun");
  });

  it("limits requests per email and per client", async () => {
    const now = new Date("2026-11-26T10:00:00Z");
    for (let i = 0; i < 3; i++)
      expect(await requestPasswordReset("limited@example.test", `10.40.0.${i}`, now)).toBe("sent_if_exists");
    expect(await requestPasswordReset("limited@example.test", "10.40.0.9", now)).toBe("rate_limited");
    for (let i = 0; i < 10; i++) await requestPasswordReset(`spray-${i}@example.test`, "10.40.1.1", now);
    expect(await requestPasswordReset("fresh@example.test", "10.40.1.1", now)).toBe("rate_limited");
  });

  it("counts the addresses of one network together, so a network cannot pose as many clients", async () => {
    const now = new Date("2026-11-26T10:00:00Z");
    const answers = [];
    for (let i = 1; i <= 41; i++)
      answers.push(await requestPasswordReset(`net-${i}@example.test`, `10.41.0.${i}`, now));
    expect(answers.filter((a) => a === "sent_if_exists")).toHaveLength(40);
    expect(answers.at(-1)).toBe("rate_limited");
  });

  it("counts nothing against the client for a request refused for its email", async () => {
    const now = new Date("2026-11-26T10:00:00Z");
    for (let i = 0; i < 3; i++) await requestPasswordReset("asked-often@example.test", `10.42.1.${i}`, now);
    for (let i = 0; i < 5; i++)
      expect(await requestPasswordReset("asked-often@example.test", "10.42.0.1", now)).toBe("rate_limited");
    for (let i = 0; i < 10; i++)
      expect(await requestPasswordReset(`own-${i}@example.test`, "10.42.0.1", now)).toBe("sent_if_exists");
  });

  it("reads an email holding a NUL or control character as invalid input, never as an error", async () => {
    for (const email of ["nul\u0000@example.test", "tab\t@example.test", "bell\u0007@example.test"]) {
      const res = await requestPasswordResetAction(null, form({ email }));
      expect(res.ok).toBe(false);
      expect(res.ok ? undefined : res.fieldErrors?.email).toBeDefined();
    }
  });

  it("shows staff the reset email with its link masked", async () => {
    await requestPasswordReset(users.staff.email, "10.40.2.1");
    const token = await tokenFor(users.staff.email);
    const mail = await db.outboxEmail.findFirstOrThrow({ where: { to: users.staff.email, kind: "password_reset" } });
    actAs(users.support);
    const seen = await getOutboxEmail(mail.id);
    expect(seen!.text).not.toContain(token);
    expect(seen!.text).toContain("reset-password?token=••••••••");
  });
});

describe("choosing a new password", () => {
  it("changes the password once, ends every session, and the link stops working", async () => {
    const u = await createUser({
      email: "resetter@example.test",
      password: "old-password-1",
      role: "shopper",
      verified: true,
    });
    const before = await authorizeCredentials({ email: u.email, password: "old-password-1", ip: "10.41.0.1" });
    await requestPasswordReset(u.email, "10.41.0.1");
    const token = await tokenFor(u.email);
    expect(
      await resetPasswordAction(null, form({ token, password: "new-password-2", confirm: "new-password-3" })),
    ).toMatchObject({ ok: false, fieldErrors: { confirm: ["The two passwords differ."] } });
    expect(
      await resetPasswordAction(null, form({ token, password: "new-password-2", confirm: "new-password-2" })),
    ).toMatchObject({ ok: true });
    expect(
      await resetPasswordAction(null, form({ token, password: "another-password", confirm: "another-password" })),
    ).toMatchObject({ ok: false });
    setSessionOverrideForTests({ userId: u.id, sessionId: before!.sessionId, sessionVersion: before!.sessionVersion });
    expect(await getSessionUser()).toBeNull();
    expect(await authorizeCredentials({ email: u.email, password: "old-password-1", ip: "10.41.0.2" })).toBeNull();
    expect(await authorizeCredentials({ email: u.email, password: "new-password-2", ip: "10.41.0.2" })).not.toBeNull();
    expect(await db.outboxEmail.count({ where: { to: u.email, kind: "password_changed" } })).toBe(1);
  });

  it("refuses an expired link and every older link once one was used", async () => {
    const u = await createUser({
      email: "expiry@example.test",
      password: "old-password-1",
      role: "shopper",
      verified: true,
    });
    const t0 = new Date();
    await requestPasswordReset(u.email, "10.42.0.1", t0);
    const first = await tokenFor(u.email);
    expect(
      await resetPassword(first, "new-password-2", "10.42.0.1", new Date(t0.getTime() + resetTokenTtlMs + 1)),
    ).toBe(false);
    await requestPasswordReset(u.email, "10.42.0.1", t0);
    const second = await tokenFor(u.email);
    expect(await resetPassword(second, "new-password-2", "10.42.0.1", t0)).toBe(true);
    expect(await resetPassword(first, "new-password-3", "10.42.0.1", t0)).toBe(false);
  });

  it("audits a staff reset, and a staff member with two-factor still needs a code after it", async () => {
    const owner = await createUser({
      email: "resetting-owner@example.test",
      password: "old-password-1",
      role: "owner",
      verified: true,
    });
    const now = new Date();
    const { secret } = await startTwoFactorEnrolment({ ...owner, role: "owner" }, "Giftly", now);
    await confirmTwoFactorEnrolment(
      { ...owner, role: "owner" },
      { code: generateTotpCode(secret, now), sessionId: null, ip: "10.43.0.1", now },
    );
    await requestPasswordReset(owner.email, "10.43.0.1");
    expect(await resetPassword(await tokenFor(owner.email), "new-password-2", "10.43.0.1")).toBe(true);
    expect(await db.auditLog.count({ where: { action: "auth.password_reset", actorId: owner.id } })).toBe(1);
    await expect(
      authorizeCredentials({ email: owner.email, password: "new-password-2", ip: "10.43.0.2" }),
    ).rejects.toSatisfy((e: unknown) => e instanceof SignInRefused && e.code === "TwoFactorRequired");
  });
});
