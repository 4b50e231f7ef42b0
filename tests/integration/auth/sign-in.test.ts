// Sign-in: password check, failures recorded, and throttling per account and per IP.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { AppError } from "@/lib/errors";
import { createUser } from "@/lib/auth/accounts";
import { loginLimits } from "@/lib/auth/rate-limit";
import { signInWithPassword } from "@/lib/auth/sign-in";

const t0 = new Date("2026-11-25T10:00:00Z");
const at = (ms: number) => new Date(t0.getTime() + ms);

beforeAll(async () => {
  await createUser({ email: "Alice@Example.test", password: "alice-password-1", role: "staff" });
  await createUser({ email: "bob@example.test", password: "bob-password-1", role: "shopper" });
});

describe("signInWithPassword", () => {
  it("signs in with the right password, case-insensitive email, and records the attempt", async () => {
    const user = await signInWithPassword({ email: " ALICE@example.test", password: "alice-password-1", ip: "10.0.0.1", now: t0 });
    expect(user).toMatchObject({ email: "alice@example.test", role: "staff" });
    expect(await db.loginAttempt.count({ where: { email: "alice@example.test", success: true } })).toBe(1);
  });

  it("refuses a wrong password and an unknown email alike, recording each failure", async () => {
    expect(await signInWithPassword({ email: "alice@example.test", password: "nope", ip: "10.0.0.2", now: t0 })).toBeNull();
    expect(await signInWithPassword({ email: "nobody@example.test", password: "nope", ip: "10.0.0.2", now: t0 })).toBeNull();
    expect(await db.loginAttempt.count({ where: { ip: "10.0.0.2", success: false } })).toBe(2);
  });

  it("blocks an account after 5 failures in 15 minutes, even with the right password, then lets it in later", async () => {
    for (let i = 0; i < loginLimits.perEmail; i++) {
      expect(await signInWithPassword({ email: "bob@example.test", password: `wrong-${i}`, ip: `10.1.0.${i}`, now: at(i * 1000) })).toBeNull();
    }
    await expect(signInWithPassword({ email: "bob@example.test", password: "bob-password-1", ip: "10.1.1.1", now: at(10_000) })).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === "rate_limited",
    );
    const later = at(loginLimits.windowMs + 5000);
    expect(await signInWithPassword({ email: "bob@example.test", password: "bob-password-1", ip: "10.1.1.1", now: later })).toMatchObject({ email: "bob@example.test" });
  });

  it("blocks an IP after 20 failures across different accounts", async () => {
    const ip = "192.0.2.7";
    const start = at(60 * 60_000);
    for (let i = 0; i < loginLimits.perIp; i++) {
      await signInWithPassword({ email: `spray-${i}@example.test`, password: "x", ip, now: start });
    }
    await expect(signInWithPassword({ email: "alice@example.test", password: "alice-password-1", ip, now: start })).rejects.toBeInstanceOf(AppError);
    // Another IP is unaffected.
    expect(await signInWithPassword({ email: "alice@example.test", password: "alice-password-1", ip: "192.0.2.8", now: start })).not.toBeNull();
  });
});
