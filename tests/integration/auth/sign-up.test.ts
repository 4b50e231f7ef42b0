// Sign-up tells nobody who has an account (one answer; the account holder gets an email
// instead) and cannot be run in bulk (per client, and per address for the emails it sends).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/accounts";
import { signUpAction } from "@/lib/auth/sign-up-action";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { setRateLimitClockForTests } from "@/lib/rate-limit";

// The limits count on a fixed clock: every hit of this file falls at the same instant, however
// slowly the machine runs and wherever the wall clock stands.
beforeAll(() => setRateLimitClockForTests(() => new Date("2026-11-25T12:00:30Z")));
afterAll(() => setRateLimitClockForTests(undefined));

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}
/** The sign-up form, and the work it leaves for after the answer. */
async function signUp(email: string) {
  const answer = await signUpAction(null, form({ email, password: "a-good-password" }));
  await waitForAfterResponseTasks();
  return answer;
}

afterEach(async () => {
  const { setRequestClientForTests } = await import("@/lib/http/request-client");
  setRequestClientForTests(undefined);
  await db.rateLimitBucket.deleteMany();
});

describe("sign-up", () => {
  it("answers the same whether or not the email has an account, and the account holder gets an email instead", async () => {
    await createUser({ email: "known@example.test", password: "known-password-1", role: "staff", verified: true });
    const fresh = await signUp("new@example.test");
    const known = await signUp("Known@Example.test");
    expect(known).toEqual(fresh);
    expect(fresh.ok).toBe(true);
    const mail = await db.outboxEmail.findMany({ where: { to: "known@example.test" } });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("already");
    expect(mail[0]!.text).toContain("/sign-in");
    expect(await db.user.count({ where: { email: "known@example.test" } })).toBe(1);
  });

  it("refuses a sixth sign-up from one client within the hour", async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await signUp(`bulk-${i}@example.test`));
    expect(answers.slice(0, 5).every((a) => a.ok)).toBe(true);
    expect(answers[5]).toMatchObject({ ok: false, message: expect.stringMatching(/Too many requests/) });
    expect(await db.user.count({ where: { email: { startsWith: "bulk-" } } })).toBe(5);
  });

  it("counts each client apart, and sends one address at most three emails an hour whoever asks", async () => {
    const { setRequestClientForTests } = await import("@/lib/http/request-client");
    await createUser({ email: "target@example.test", password: "target-password-1", role: "shopper", verified: true });
    for (let i = 0; i < 6; i++) {
      setRequestClientForTests(`198.51.100.${i}`);
      expect((await signUp("target@example.test")).ok).toBe(true);
    }
    expect(await db.outboxEmail.count({ where: { to: "target@example.test" } })).toBe(3);
  });
});
