// An account's emails speak its holder's language (docs/markets.md#languages): the page's language
// at sign-up is recorded, a sign-in from a page in another language updates it, and an email the
// holder did not ask for from a page (a reset asked from an English page, a job) is written in it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorizeCredentials } from "@/lib/auth/authorize";
import { createUser } from "@/lib/auth/accounts";
import { requestPasswordReset } from "@/lib/auth/password-reset";
import { signUp } from "@/lib/auth/sign-up";
import { db } from "@/lib/db";
import en from "@/messages/en.json";
import { setRateLimitClockForTests } from "@/lib/rate-limit";
import { latestSentText } from "../../helpers/outbox-mail";

beforeAll(() => setRateLimitClockForTests(() => new Date("2026-11-25T12:00:30Z")));
afterAll(() => setRateLimitClockForTests(undefined));

const now = new Date("2026-11-25T12:00:30Z");
const subjectOf = async (to: string, kind: string) =>
  (await db.outboxEmail.findFirstOrThrow({ where: { to, kind }, orderBy: { createdAt: "desc" } })).subject;

describe("an account's language", () => {
  it("records the page's language at sign-up and writes a reset asked from an English page in it", async () => {
    const email = "bahasa-holder@example.test";
    await signUp({ email, password: "a-good-password", ip: "203.0.113.61", now, locale: "id" });
    await latestSentText(email, "verify_email");
    expect((await db.user.findUniqueOrThrow({ where: { email } })).locale).toBe("id");

    await requestPasswordReset(email, "203.0.113.62", now, "en");
    const text = await latestSentText(email, "password_reset");
    expect(await subjectOf(email, "password_reset")).not.toContain("reset your password");
    expect(text).not.toContain("Choose a new password here");
  });

  it("takes the language of the page a holder signs in from, and writes their next email in it", async () => {
    const email = "arabic-holder@example.test";
    await createUser({ email, password: "pw-0123456789", role: "shopper", verified: true });
    await authorizeCredentials({ email, password: "pw-0123456789", ip: "203.0.113.63", now, locale: "ar" });
    expect((await db.user.findUniqueOrThrow({ where: { email } })).locale).toBe("ar");

    await requestPasswordReset(email, "203.0.113.64", now);
    const text = await latestSentText(email, "password_reset");
    expect(text).not.toContain("Choose a new password here");
    expect(text).toMatch(/[\u0600-\u06FF]/);
  });

  it("writes the whole account email in its language, the shared footer and the html's lang included", async () => {
    const email = "bahasa-footer@example.test";
    await createUser({ email, password: "pw-0123456789", role: "shopper", verified: true });
    await requestPasswordReset(email, "203.0.113.67", now, "id");
    const text = await latestSentText(email, "password_reset");
    const row = await db.outboxEmail.findFirstOrThrow({ where: { to: email, kind: "password_reset" } });
    expect(text).not.toContain(en.emails.layout.footer.split("{shop}")[0]!.trim());
    expect(row.html).toContain('lang="id"');
  });

  it("writes an account with no language recorded in English", async () => {
    const email = "no-language@example.test";
    await createUser({ email, password: "pw-0123456789", role: "shopper", verified: true });
    await requestPasswordReset(email, "203.0.113.65", now);
    expect(await latestSentText(email, "password_reset")).toContain("Choose a new password here");
  });
});
