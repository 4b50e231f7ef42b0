// Sign-in: password check, failures recorded, and throttling that slows guessers without
// ever locking the real account holder out.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { createUser } from "@/lib/auth/accounts";
import { delayAfter, signInThrottle } from "@/lib/auth/rate-limit";
import { SignInThrottledError, signInWithPassword } from "@/lib/auth/sign-in";

const t0 = new Date("2026-11-25T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

beforeAll(async () => {
  await createUser({ email: "Alice@Example.test", password: "alice-password-1", role: "staff" });
  await createUser({ email: "bob@example.test", password: "bob-password-1", role: "shopper" });
});

describe("signInWithPassword", () => {
  it("signs in with the right password, case-insensitive email, and records the attempt", async () => {
    const user = await signInWithPassword({
      email: " ALICE@example.test",
      password: "alice-password-1",
      ip: "10.0.0.1",
      now: t0,
    });
    expect(user).toMatchObject({ email: "alice@example.test", role: "staff" });
    expect(await db.loginAttempt.count({ where: { email: "alice@example.test", success: true } })).toBe(1);
  });

  it("refuses a wrong password and an unknown email alike, recording each failure", async () => {
    expect(
      await signInWithPassword({ email: "alice@example.test", password: "nope", ip: "10.0.0.2", now: t0 }),
    ).toBeNull();
    expect(
      await signInWithPassword({ email: "nobody@example.test", password: "nope", ip: "10.0.0.2", now: t0 }),
    ).toBeNull();
    expect(await db.loginAttempt.count({ where: { ip: "10.0.0.2", success: false } })).toBe(2);
  });

  it("lets the owner in at once from a client that signed in before, after five wrong guesses by a stranger", async () => {
    await createUser({ email: "owner1@example.test", password: "owner-password-1", role: "owner" });
    expect(
      await signInWithPassword({ email: "owner1@example.test", password: "owner-password-1", ip: "10.9.0.1", now: t0 }),
    ).not.toBeNull();
    for (let i = 0; i < 5; i++)
      await signInWithPassword({
        email: "owner1@example.test",
        password: `guess-${i}`,
        ip: "203.0.113.66",
        now: at(i * 60_000),
      }).catch(() => null);
    const right = at(5 * 60_000);
    expect(
      await signInWithPassword({
        email: "owner1@example.test",
        password: "owner-password-1",
        ip: "10.9.0.1",
        now: right,
      }),
    ).toMatchObject({ email: "owner1@example.test" });
  });

  it("lets the owner in from a new client after at most 30 seconds, however many guesses strangers made", async () => {
    await createUser({ email: "owner2@example.test", password: "owner-password-2", role: "owner" });
    // Strangers on 40 addresses, one guess every 2 s (the later ones are slowed down too).
    for (let i = 0; i < 40; i++) {
      await signInWithPassword({
        email: "owner2@example.test",
        password: `guess-${i}`,
        ip: `198.51.100.${i}`,
        now: at(i * 2000),
      }).catch(() => null);
    }
    expect(await db.loginAttempt.count({ where: { email: "owner2@example.test", success: false } })).toBeGreaterThan(
      15,
    );
    const lastGuess = at(39 * 2000);
    const refused = await signInWithPassword({
      email: "owner2@example.test",
      password: "owner-password-2",
      ip: "10.9.0.2",
      now: lastGuess,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SignInThrottledError);
    const wait = (refused as SignInThrottledError).retryAfterS;
    expect(wait).toBeLessThanOrEqual(30);
    const later = new Date(lastGuess.getTime() + wait * 1000);
    expect(
      await signInWithPassword({
        email: "owner2@example.test",
        password: "owner-password-2",
        ip: "10.9.0.2",
        now: later,
      }),
    ).toMatchObject({ email: "owner2@example.test" });
  });

  it("slows a guesser on one client with growing delays, and waiting out each delay lets it try again", async () => {
    const ip = "203.0.113.77";
    const tries: number[] = [];
    let now = at(2 * 60 * 60_000);
    for (let i = 0; i < 7; i++) {
      try {
        await signInWithPassword({ email: "bob@example.test", password: `wrong-${i}`, ip, now });
      } catch (e) {
        if (!(e instanceof SignInThrottledError)) throw e;
        tries.push(e.retryAfterS);
        now = new Date(now.getTime() + e.retryAfterS * 1000);
        await signInWithPassword({ email: "bob@example.test", password: `wrong-${i}`, ip, now });
      }
    }
    expect(tries).toEqual([1, 2, 4]);
    expect(delayAfter(20, signInThrottle.pair)).toBe(signInThrottle.pair.maxDelayMs);
    // A refused attempt is not a failure: trying again and again inside the delay extends nothing.
    await expect(signInWithPassword({ email: "bob@example.test", password: "x", ip, now })).rejects.toBeInstanceOf(
      SignInThrottledError,
    );
    expect(await db.loginAttempt.count({ where: { ip, success: false } })).toBe(7);
  });

  it("checks no more guesses in a parallel burst than one after another", async () => {
    const ip = "203.0.113.88";
    const now = at(6 * 60 * 60_000);
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signInWithPassword({ email: "bob@example.test", password: `burst-${i}`, ip, now }).then(
          () => "checked",
          (e: unknown) => {
            if (e instanceof SignInThrottledError) return "throttled";
            throw e;
          },
        ),
      ),
    );
    // One after another at one instant: the free failures, then one more before the first delay.
    // At once, the guesses that find another check of the pair under way are refused as well.
    const checked = await db.loginAttempt.count({ where: { ip, success: false } });
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(signInThrottle.pair.free + 1);
    expect(outcomes.filter((o) => o === "throttled")).toHaveLength(30 - checked);
  });

  it("refuses a client after 20 failures across different accounts, and only that client", async () => {
    const ip = "192.0.2.7";
    const start = at(4 * 60 * 60_000);
    for (let i = 0; i < signInThrottle.perClientFailures; i++) {
      await signInWithPassword({ email: `spray-${i}@example.test`, password: "x", ip, now: start });
    }
    await expect(
      signInWithPassword({ email: "alice@example.test", password: "alice-password-1", ip, now: start }),
    ).rejects.toBeInstanceOf(AppError);
    // Another client is unaffected.
    expect(
      await signInWithPassword({
        email: "alice@example.test",
        password: "alice-password-1",
        ip: "192.0.2.8",
        now: start,
      }),
    ).not.toBeNull();
  });
});
