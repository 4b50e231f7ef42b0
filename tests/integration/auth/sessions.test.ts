// Issue 13, item 8: sessions live on the server. Signing out revokes that session (a copied
// cookie stops working at once, on every instance), other devices stay signed in; sign out
// everywhere ends them all; an idle or foreign session id is refused.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { authorizeCredentials } from "@/lib/auth/authorize";
import { getSessionUser, setSessionOverrideForTests } from "@/lib/auth/guards";
import { authOptions } from "@/lib/auth/options";
import { sessionMaxAgeMs } from "@/lib/auth/sessions";
import { signOutEverywhereAction } from "@/lib/auth/sign-out-everywhere-action";
import { db } from "@/lib/db";
import { createRoleUsers, type TestUsers } from "./helpers";

let users: TestUsers;
beforeAll(async () => {
  users = await createRoleUsers("sess");
});
afterEach(() => setSessionOverrideForTests(undefined));

type Token = Record<string, unknown>;
const jwt = authOptions.callbacks!.jwt! as (p: { token: Token; user?: unknown }) => Promise<Token> | Token;
const session = authOptions.callbacks!.session! as (p: { session: { user: Token }; token: Token }) => unknown;
const signOutEvent = (token: Token) =>
  (authOptions.events!.signOut! as (m: { token: Token }) => Promise<void>)({ token });

/** Signs in through the real credentials path and returns the JWT next-auth would store. */
async function signIn(user: { email: string }, ip = "10.20.0.1"): Promise<Token> {
  const authorized = await authorizeCredentials({
    email: user.email,
    password: "pw-0123456789",
    ip,
    userAgent: "vitest",
  });
  expect(authorized).not.toBeNull();
  return jwt({ token: {}, user: authorized });
}

/** What the guards see for a request carrying this JWT (the session callback's output). */
async function actWith(token: Token) {
  const s = (await session({ session: { user: {} }, token })) as { user: { id: string; sid?: string; sv: number } };
  setSessionOverrideForTests({ userId: s.user.id, sessionId: s.user.sid ?? "", sessionVersion: s.user.sv });
}

describe("server-side sessions", () => {
  it("signing out revokes that session only: its cookie is refused at once, another device stays signed in", async () => {
    const laptop = await signIn(users.shopper);
    const phone = await signIn(users.shopper, "10.20.0.2");
    expect(laptop.sid).toEqual(expect.any(String));
    expect(laptop.sid).not.toBe(phone.sid);
    await actWith(laptop);
    expect((await getSessionUser())?.id).toBe(users.shopper.id);

    await signOutEvent(laptop);
    expect(await getSessionUser()).toBeNull();
    const row = await db.session.findUniqueOrThrow({ where: { id: laptop.sid as string } });
    expect(row).toMatchObject({ revokedReason: "sign_out", ip: "10.20.0.1", userAgent: "vitest" });

    await actWith(phone);
    expect((await getSessionUser())?.id).toBe(users.shopper.id);
  });

  it("sign out everywhere revokes every session of the account", async () => {
    const a = await signIn(users.staff);
    const b = await signIn(users.staff);
    await actWith(a);
    expect((await signOutEverywhereAction()).ok).toBe(true);
    for (const t of [a, b]) {
      await actWith(t);
      expect(await getSessionUser()).toBeNull();
    }
    expect(await db.session.count({ where: { userId: users.staff.id, revokedAt: null } })).toBe(0);
  });

  it("refuses a JWT without a session id, another user's session id and an idle session", async () => {
    const token = await signIn(users.support);
    await actWith({ ...token, sid: undefined });
    expect(await getSessionUser()).toBeNull();
    await actWith({ ...token, uid: users.owner.id });
    expect(await getSessionUser()).toBeNull();
    await db.session.update({
      where: { id: token.sid as string },
      data: { lastSeenAt: new Date(Date.now() - sessionMaxAgeMs - 1000) },
    });
    await actWith(token);
    expect(await getSessionUser()).toBeNull();
  });

  it("refreshes lastSeenAt only after a few minutes, so most requests do not write", async () => {
    const token = await signIn(users.shopper);
    const old = new Date(Date.now() - 10 * 60_000);
    await db.session.update({ where: { id: token.sid as string }, data: { lastSeenAt: old } });
    await actWith(token);
    await getSessionUser();
    const first = (await db.session.findUniqueOrThrow({ where: { id: token.sid as string } })).lastSeenAt;
    expect(first.getTime()).toBeGreaterThan(old.getTime());
    await getSessionUser();
    expect((await db.session.findUniqueOrThrow({ where: { id: token.sid as string } })).lastSeenAt).toEqual(first);
  });
});
