// Shopper sign-up and email verification: the link goes through the outbox, and only a
// verified email claims the guest orders placed with it (never someone else's).
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signUpAction } from "@/lib/auth/sign-up-action";
import { verifyEmailAction } from "@/lib/auth/verify-email-action";
import { verifyEmailToken } from "@/lib/auth/verification";
import { listAccountOrders } from "@/lib/auth/account-orders";
import { db } from "@/lib/db";
import { waitForAfterResponseTasks } from "@/lib/http/after-response";
import { latestSentText } from "../../helpers/outbox-mail";

async function guestOrder(email: string) {
  return db.order.create({
    data: {
      token: `tok_${Math.random().toString(36).slice(2)}_${email}`,
      email,
      currency: "USD",
      total: "5.00",
      status: "completed",
    },
  });
}

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

/** The token from the last verification email to this address (as the shopper would click it). */
async function tokenFromOutbox(email: string): Promise<string> {
  const match = /verify-email\?token=([\w-]+)/.exec(await latestSentText(email, "verify_email"));
  if (!match) throw new Error("no link in email");
  return match[1];
}

/** The sign-up form, and the work it leaves for after the answer. */
async function signUp(fields: Record<string, string>) {
  const answer = await signUpAction(null, form(fields));
  await waitForAfterResponseTasks();
  return answer;
}

beforeAll(async () => {
  await guestOrder("carol@example.test");
  await guestOrder("carol@example.test");
  await guestOrder("dave@example.test");
});

// Every sign-up here comes from one (test) client: start each test with a fresh allowance.
beforeEach(async () => {
  await db.rateLimitBucket.deleteMany();
});

describe("sign-up and guest order claim", () => {
  it("creates a shopper and queues a verification link, without claiming orders yet", async () => {
    const r = await signUp({ email: "Carol@Example.test", password: "carol-password" });
    expect(r.ok).toBe(true);
    const user = await db.user.findUniqueOrThrow({ where: { email: "carol@example.test" } });
    expect(user.role).toBe("shopper");
    expect(user.emailVerifiedAt).toBeNull();
    expect(user.passwordHash).not.toContain("carol-password");
    expect(await db.order.count({ where: { userId: user.id } })).toBe(0);
    expect(await db.emailVerificationToken.count({ where: { userId: user.id } })).toBe(1);
  });

  it("answers a second sign-up with the same email exactly like the first, and creates nothing", async () => {
    const first = await signUp({ email: "gina@example.test", password: "gina-password" });
    const again = await signUp({ email: "carol@example.test", password: "another-password" });
    expect(again).toEqual(first);
    expect(await db.user.count({ where: { email: "carol@example.test" } })).toBe(1);
  });

  it("claims the guest orders of the verified email into the account, and only those", async () => {
    const token = await tokenFromOutbox("carol@example.test");
    const r = await verifyEmailAction(null, form({ token }));
    expect(r).toMatchObject({ ok: true, message: expect.stringMatching(/2 earlier orders/) });
    const user = await db.user.findUniqueOrThrow({ where: { email: "carol@example.test" } });
    expect(user.emailVerifiedAt).not.toBeNull();
    expect((await listAccountOrders(user.id)).length).toBe(2);
    expect(await db.order.count({ where: { email: "dave@example.test", userId: null } })).toBe(1);
  });

  it("claims a later guest order with the verified email when the account page lists orders", async () => {
    const user = await db.user.findUniqueOrThrow({ where: { email: "carol@example.test" } });
    await guestOrder("carol@example.test");
    expect((await listAccountOrders(user.id)).length).toBe(3);
  });

  it("does not list guest orders for an unverified account", async () => {
    await signUp({ email: "dave@example.test", password: "dave-password" });
    const dave = await db.user.findUniqueOrThrow({ where: { email: "dave@example.test" } });
    expect(await listAccountOrders(dave.id)).toEqual([]);
  });

  it("uses a verification link only once", async () => {
    await signUp({ email: "erin@example.test", password: "erin-password" });
    const token = await tokenFromOutbox("erin@example.test");
    expect(await verifyEmailToken(token)).not.toBeNull();
    expect(await verifyEmailToken(token)).toBeNull();
  });

  it("refuses an expired link", async () => {
    await signUp({ email: "frank@example.test", password: "frank-password" });
    await guestOrder("frank@example.test");
    const token = await tokenFromOutbox("frank@example.test");
    expect(await verifyEmailToken(token, new Date(Date.now() + 49 * 3600_000))).toBeNull();
    expect(await db.order.count({ where: { email: "frank@example.test", userId: null } })).toBe(1);
  });

  it("refuses an unknown token", async () => {
    const r = await verifyEmailAction(null, form({ token: "x".repeat(43) }));
    expect(r.ok).toBe(false);
  });
});
