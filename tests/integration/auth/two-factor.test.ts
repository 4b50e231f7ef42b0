// Two-factor sign-in for staff: owners must enrol before anything else; enrolment shows the
// secret once and issues single-use recovery codes; sign-in needs a code, a code works once
// (replay refused), wrong codes are throttled; the owner's setting and reset are audited.
import { afterEach, describe, expect, it } from "vitest";
import { resetStaffTwoFactorAction } from "@/lib/admin/staff/actions";
import { updateStaffTwoFactorMode } from "@/lib/admin/settings/two-factor-mode";
import { authorizeCredentials, SignInRefused } from "@/lib/auth/authorize";
import { createUser } from "@/lib/auth/accounts";
import {
  getSessionUser,
  requireStaff,
  setSessionOverrideForTests,
  TwoFactorEnrolmentRequired,
} from "@/lib/auth/guards";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "@/lib/auth/two-factor/enrolment";
import { generateTotpCode } from "@/lib/auth/two-factor/totp";
import { db } from "@/lib/db";

const password = "pw-0123456789";
let n = 0;
afterEach(() => setSessionOverrideForTests(undefined));

async function account(role: "owner" | "staff" | "support") {
  return { ...(await createUser({ email: `tf-${role}-${++n}@example.test`, password, role, verified: true })), role };
}
async function signIn(email: string, code?: string, ip = "10.30.0.1") {
  return authorizeCredentials({ email, password, code, ip });
}
function actAsSession(userId: string, sessionId: string) {
  setSessionOverrideForTests({ userId, sessionId });
}
async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return "signed in";
  } catch (e) {
    if (e instanceof SignInRefused) return e.code;
    throw e;
  }
}
/** Enrols the user through the real functions; returns the secret and recovery codes. */
async function enrol(user: { id: string; email: string; role: string }, sessionId: string | null, now = new Date()) {
  const { secret } = await startTwoFactorEnrolment(user, "Giftly", now);
  const r = await confirmTwoFactorEnrolment(user, {
    code: generateTotpCode(secret, now),
    sessionId,
    ip: `10.30.9.${++n}`, // a client of its own: tests at other clocks never share its limits
    now,
  });
  if (!r.ok) throw new Error(r.reason);
  return { secret, recoveryCodes: r.recoveryCodes };
}

describe("owners must enrol", () => {
  it("an owner without two-factor is signed in but refused everything except enrolment", async () => {
    const owner = await account("owner");
    const s = await signIn(owner.email);
    actAsSession(owner.id, s!.sessionId);
    expect(await getSessionUser()).toMatchObject({ id: owner.id, mustEnrolTwoFactor: true });
    await expect(requireStaff()).rejects.toBeInstanceOf(TwoFactorEnrolmentRequired);
    expect((await updateStaffTwoFactorMode({ mode: "required" })).ok).toBe(false);
  });

  it("enrolment keeps the secret encrypted, issues ten codes, ends other sessions and opens the admin", async () => {
    const owner = await account("owner");
    const here = await signIn(owner.email);
    const elsewhere = await signIn(owner.email, undefined, "10.30.0.2");
    const now = new Date();
    const { secret } = await startTwoFactorEnrolment(owner, "Giftly", now);
    const wrong = await confirmTwoFactorEnrolment(owner, {
      code: "000000",
      sessionId: here!.sessionId,
      ip: "10.30.0.1",
      now,
    });
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    const r = await confirmTwoFactorEnrolment(owner, {
      code: generateTotpCode(secret, now),
      sessionId: here!.sessionId,
      ip: "10.30.0.1",
      now,
    });
    expect(r.ok && r.recoveryCodes).toHaveLength(10);
    const row = await db.user.findUniqueOrThrow({ where: { id: owner.id } });
    expect(row.totpSecretEnc).toMatch(/^v1:/);
    expect(row.totpSecretEnc).not.toContain(secret);
    expect(row.totpPendingEnc).toBeNull();
    expect(await db.recoveryCode.count({ where: { userId: owner.id } })).toBe(10);
    actAsSession(owner.id, here!.sessionId);
    expect((await requireStaff("owner")).id).toBe(owner.id);
    actAsSession(owner.id, elsewhere!.sessionId);
    expect(await getSessionUser()).toBeNull();
    expect(await db.auditLog.count({ where: { action: "auth.two_factor_enrol", targetId: owner.id } })).toBe(1);
  });
});

describe("signing in with a second factor", () => {
  it("asks for a code, refuses a wrong one, accepts the right one once and refuses its replay", async () => {
    const owner = await account("owner");
    const { secret } = await enrol(owner, null);
    const later = new Date(Date.now() + 60_000); // a step after the one enrolment used
    expect(await refusal(signIn(owner.email))).toBe("TwoFactorRequired");
    expect(await refusal(signIn(owner.email, "123456"))).toBe("TwoFactorInvalid");
    const code = generateTotpCode(secret, later);
    const ok = await authorizeCredentials({ email: owner.email, password, code, ip: "10.30.0.1", now: later });
    expect(ok).not.toBeNull();
    expect((await db.session.findUniqueOrThrow({ where: { id: ok!.sessionId } })).twoFactorAt).not.toBeNull();
    expect(
      await refusal(authorizeCredentials({ email: owner.email, password, code, ip: "10.30.0.1", now: later })),
    ).toBe("TwoFactorInvalid");
    expect(
      await refusal(
        authorizeCredentials({ email: owner.email, password: "wrong-password", code, ip: "10.30.0.1", now: later }),
      ),
    ).toBe("signed in");
  });

  it("accepts each recovery code once, however it is typed", async () => {
    const owner = await account("owner");
    const { recoveryCodes } = await enrol(owner, null);
    const typed = recoveryCodes[3].toUpperCase().replace(/-/g, " ");
    expect(await signIn(owner.email, typed)).not.toBeNull();
    expect(await refusal(signIn(owner.email, recoveryCodes[3]))).toBe("TwoFactorInvalid");
    expect(await db.recoveryCode.count({ where: { userId: owner.id, usedAt: null } })).toBe(9);
  });

  it("throttles wrong codes: five per account and client, ten per account from clients new to it", async () => {
    // 30 s before a quarter hour: the later attempts fall in the next clock-aligned 15 minutes.
    const now = new Date("2026-11-25T12:14:30Z");
    const later = new Date(now.getTime() + 60_000);
    const owner = await account("owner");
    const { secret } = await enrol(owner, null, now);
    const attempt = (code: string, ip: string, at = now) =>
      refusal(authorizeCredentials({ email: owner.email, password, code, ip, now: at }));
    for (let i = 0; i < 5; i++) expect(await attempt(`00000${i}`, "10.31.0.1")).toBe("TwoFactorInvalid");
    const code = generateTotpCode(secret, later);
    expect(await attempt(code, "10.31.0.1", later)).toBe("TwoFactorRateLimited");
    for (let i = 2; i <= 6; i++) expect(await attempt(`11111${i}`, `10.31.0.${i}`)).toBe("TwoFactorInvalid");
    expect(await attempt(code, "10.31.1.1", later)).toBe("TwoFactorRateLimited");
  });

  it("twelve parallel wrong codes from one client lock out neither the owner's usual client nor a recovery code", async () => {
    const t0 = new Date("2026-11-25T09:00:00Z");
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    const owner = await account("owner");
    const { secret, recoveryCodes } = await enrol(owner, null, t0);
    const usual = "10.32.0.1";
    const first = { email: owner.email, password, code: generateTotpCode(secret, at(60)), ip: usual, now: at(60) };
    expect(await authorizeCredentials(first)).not.toBeNull();
    const guesses = Array.from({ length: 12 }, (_, i) =>
      refusal(
        authorizeCredentials({ email: owner.email, password, code: `1234${10 + i}`, ip: "10.32.9.9", now: at(120) }),
      ),
    );
    // Guesses that find another check of the same account and client under way stop at the password step.
    const outcomes = await Promise.all(guesses);
    for (const outcome of outcomes) expect(outcome).toMatch(/^(TwoFactorInvalid|TwoFactorRateLimited|RateLimited)$/);
    expect(outcomes).toContain("TwoFactorInvalid");
    const code = generateTotpCode(secret, at(180));
    expect(await authorizeCredentials({ email: owner.email, password, code, ip: usual, now: at(180) })).not.toBeNull();
    const recovery = { email: owner.email, password, code: recoveryCodes[0], ip: "10.32.1.1", now: at(180) };
    expect(await authorizeCredentials(recovery)).not.toBeNull();
  });

  it("a right code gives its throttle hit back, so an owner signing in often is never throttled", async () => {
    const owner = await account("owner");
    const { recoveryCodes } = await enrol(owner, null);
    for (const code of recoveryCodes.slice(0, 8)) expect(await signIn(owner.email, code)).not.toBeNull();
  });
});

describe("the owner's two-factor setting and reset", () => {
  it("requiring it for staff sends an unenrolled staff member to enrol; optional lets them in", async () => {
    const [owner, staff] = [await account("owner"), await account("staff")];
    const s = await signIn(staff.email);
    actAsSession(staff.id, s!.sessionId);
    expect((await requireStaff()).id).toBe(staff.id);
    setSessionOverrideForTests({ userId: owner.id });
    expect(await updateStaffTwoFactorMode({ mode: "required" })).toMatchObject({ ok: true });
    actAsSession(staff.id, s!.sessionId);
    await expect(requireStaff()).rejects.toBeInstanceOf(TwoFactorEnrolmentRequired);
    setSessionOverrideForTests({ userId: owner.id });
    expect((await updateStaffTwoFactorMode({ mode: "optional" })).ok).toBe(true);
    expect(await db.auditLog.count({ where: { action: "settings.staff_two_factor", actorId: owner.id } })).toBe(2);
  });

  it("an owner resets a staff member's lost device: secret and codes gone, sessions ended, audited", async () => {
    const [owner, staff] = [await account("owner"), await account("staff")];
    const s = await signIn(staff.email);
    await enrol(staff, s!.sessionId);
    setSessionOverrideForTests({ userId: owner.id });
    const fd = new FormData();
    fd.set("userId", staff.id);
    expect(await resetStaffTwoFactorAction(null, fd)).toMatchObject({ ok: true });
    const row = await db.user.findUniqueOrThrow({ where: { id: staff.id } });
    expect([row.totpSecretEnc, row.totpEnabledAt]).toEqual([null, null]);
    expect(await db.recoveryCode.count({ where: { userId: staff.id } })).toBe(0);
    actAsSession(staff.id, s!.sessionId);
    expect(await getSessionUser()).toBeNull();
    expect(
      await db.auditLog.count({ where: { action: "staff.two_factor_reset", targetId: staff.id, actorId: owner.id } }),
    ).toBe(1);
    fd.set("userId", owner.id);
    setSessionOverrideForTests({ userId: owner.id });
    expect((await resetStaffTwoFactorAction(null, fd)).ok).toBe(false);
  });
});
