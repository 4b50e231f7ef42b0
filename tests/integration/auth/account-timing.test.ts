// Sign-up and password reset must not tell, by how long they take, whether an account exists:
// the answer is given before any work that depends on it (hashing, token rows, emails), which
// runs after the response. Tests cannot time, so they count that work on both branches.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createUser } from "@/lib/auth/accounts";
import { hashPassword } from "@/lib/auth/password";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { signUp } from "@/lib/auth/sign-up";
import { db } from "@/lib/db";

// Work scheduled for after the response is held here until the test lets it run.
const deferred = vi.hoisted(() => [] as (() => Promise<void>)[]);
vi.mock("@/lib/http/after-response", () => ({
  runAfterResponse: (task: () => Promise<void>) => void deferred.push(task),
  waitForAfterResponseTasks: async () => {
    while (deferred.length > 0) await deferred.shift()!();
  },
}));
vi.mock("@/lib/auth/password", async (importOriginal) => {
  const real = await importOriginal<typeof import("@/lib/auth/password")>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

const runDeferred = async () => {
  while (deferred.length > 0) await deferred.shift()!();
};

/** What a call did before it answered: password hashes and rows written. */
async function workBeforeAnswer(call: () => Promise<unknown>) {
  const count = () =>
    Promise.all([
      db.user.count(),
      db.outboxEmail.count(),
      db.emailVerificationToken.count(),
      db.passwordResetToken.count(),
    ]);
  vi.mocked(hashPassword).mockClear();
  const before = await count();
  const answer = await call();
  const after = await count();
  const [users, emails, verifyTokens, resetTokens] = after.map((n, i) => n - before[i]!);
  const work = { hashes: vi.mocked(hashPassword).mock.calls.length, users, emails, verifyTokens, resetTokens };
  await runDeferred();
  return { answer, work };
}

beforeEach(async () => {
  await runDeferred();
  await db.rateLimitBucket.deleteMany();
});

describe("account existence does not show in the work done before answering", () => {
  it("does the same work before answering a sign-up for a known and an unknown email", async () => {
    await createUser({
      email: "timing-known@example.test",
      password: "known-password-1",
      role: "shopper",
      verified: true,
    });
    const known = await workBeforeAnswer(() =>
      signUp({ email: "timing-known@example.test", password: "a-good-password", ip: "10.62.0.1" }),
    );
    const unknown = await workBeforeAnswer(() =>
      signUp({ email: "timing-new@example.test", password: "a-good-password", ip: "10.62.0.2" }),
    );
    expect(known.answer).toEqual(unknown.answer);
    expect(known.work).toEqual(unknown.work);
    expect(unknown.work).toMatchObject({ hashes: 0, users: 0, emails: 0 });
  });

  it("still creates the account and emails both addresses once the answer is given", async () => {
    await createUser({
      email: "timing-known2@example.test",
      password: "known-password-1",
      role: "shopper",
      verified: true,
    });
    await signUp({ email: "timing-known2@example.test", password: "a-good-password", ip: "10.62.1.1" });
    await signUp({ email: "timing-new2@example.test", password: "a-good-password", ip: "10.62.1.2" });
    await runDeferred();
    expect(await db.user.count({ where: { email: "timing-new2@example.test" } })).toBe(1);
    expect(await db.outboxEmail.count({ where: { to: "timing-known2@example.test", kind: "account_exists" } })).toBe(1);
    expect(await db.outboxEmail.count({ where: { to: "timing-new2@example.test", kind: "verify_email" } })).toBe(1);
  });

  it("hashes the password once on either branch of a sign-up", async () => {
    await createUser({
      email: "timing-known3@example.test",
      password: "known-password-1",
      role: "shopper",
      verified: true,
    });
    const hashesOf = async (email: string, ip: string) => {
      vi.mocked(hashPassword).mockClear();
      await signUp({ email, password: "a-good-password", ip });
      await runDeferred();
      return vi.mocked(hashPassword).mock.calls.length;
    };
    expect(await hashesOf("timing-known3@example.test", "10.62.2.1")).toBe(1);
    expect(await hashesOf("timing-new3@example.test", "10.62.2.2")).toBe(1);
  });

  it("does the same work before answering a reset request for a known and an unknown email", async () => {
    await createUser({ email: "timing-reset@example.test", password: "known-password-1", role: "shopper" });
    const known = await workBeforeAnswer(() => requestPasswordReset("timing-reset@example.test", "10.62.3.1"));
    const unknown = await workBeforeAnswer(() => requestPasswordReset("timing-nobody@example.test", "10.62.3.2"));
    expect(known.answer).toEqual(unknown.answer);
    expect(known.work).toEqual(unknown.work);
    expect(await db.outboxEmail.count({ where: { to: "timing-reset@example.test", kind: "password_reset" } })).toBe(1);
  });
});
