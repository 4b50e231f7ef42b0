// "Send a new link" for a signed-in shopper who has not confirmed their email: a few links an
// hour, however many requests arrive at once (an unverified account can sign in, so whoever
// signed up with someone else's address could otherwise flood that mailbox).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/lib/auth/accounts";
import { resendVerificationAction } from "@/lib/auth/resend-verification-action";
import { db } from "@/lib/db";
import { setRateLimitClockForTests } from "@/lib/rate-limit";
import { actAs } from "./helpers";

// Every request of this file counts at one instant, however slowly the machine runs.
beforeAll(() => setRateLimitClockForTests(() => new Date("2026-11-25T12:00:30Z")));
afterAll(() => setRateLimitClockForTests(undefined));
afterEach(() => actAs(null));

describe("sending the verification link again", () => {
  it("sends at most five links an hour, however many requests arrive at once", async () => {
    const user = await createUser({ email: "resend-burst@example.test", password: "pw-0123456789", role: "shopper" });
    actAs(user);
    const answers = await Promise.all(Array.from({ length: 20 }, () => resendVerificationAction()));
    const links = await db.emailVerificationToken.count({ where: { userId: user.id } });
    expect(links).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.ok)).toHaveLength(links);
  });
});
