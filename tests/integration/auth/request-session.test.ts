// The session as proxy.ts reads it (lib/auth/session-source.ts readRequestSessionIdentity): from
// the request's next-auth cookie, decoded with the shop's secret, then the same server-side checks
// as every guard — so the proxy's answer for a page (lib/http/page-access.ts) and the page's own
// guard agree on who is signed in.
import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { authorizeCredentials } from "@/lib/auth/authorize";
import { getRequestSessionUser } from "@/lib/auth/guards";
import { authOptions } from "@/lib/auth/options";
import { decidePageAccess } from "@/lib/http/page-access";
import { db } from "@/lib/db";
import { createRoleUsers, type TestUsers } from "./helpers";

let users: TestUsers;
beforeAll(async () => {
  users = await createRoleUsers("reqsess");
});

type Token = Record<string, unknown>;
const jwt = authOptions.callbacks!.jwt! as (p: { token: Token; user?: unknown }) => Promise<Token> | Token;

/** A request carrying the cookie next-auth sets when `user` signs in through the credentials path. */
async function requestAs(user: { email: string }): Promise<{ request: NextRequest; sid: string }> {
  const authorized = await authorizeCredentials({ email: user.email, password: "pw-0123456789", ip: "10.21.0.1" });
  const token = await jwt({ token: {}, user: authorized });
  const cookie = await encode({ token, secret: authOptions.secret! });
  const request = new NextRequest("http://shop.test/admin", {
    headers: { cookie: `next-auth.session-token=${cookie}` },
  });
  return { request, sid: token.sid as string };
}

describe("the session read from a request's cookie", () => {
  it("is the signed-in user with their current role, and nobody once the session is revoked", async () => {
    const { request, sid } = await requestAs(users.support);
    expect(await getRequestSessionUser(request)).toMatchObject({ id: users.support.id, role: "support" });
    expect(
      await decidePageAccess("/admin/orders", await getRequestSessionUser(request), "/admin/orders", null),
    ).toEqual({
      kind: "open",
    });
    expect(await decidePageAccess("/admin/staff", await getRequestSessionUser(request), "/admin/staff", null)).toEqual({
      kind: "forbidden",
    });

    await db.session.update({ where: { id: sid }, data: { revokedAt: new Date(), revokedReason: "sign_out" } });
    expect(await getRequestSessionUser(request)).toBeNull();
  });

  it("is nobody for a missing, forged or foreign-secret cookie", async () => {
    expect(await getRequestSessionUser(new NextRequest("http://shop.test/admin"))).toBeNull();
    // Only the cookie, as the pages read it: a bearer header is not a session here either.
    const { request: cookie } = await requestAs(users.staff);
    const value = /next-auth\.session-token=([^;]+)/.exec(cookie.headers.get("cookie")!)![1];
    const bearer = new NextRequest("http://shop.test/admin", { headers: { authorization: `Bearer ${value}` } });
    expect(await getRequestSessionUser(bearer)).toBeNull();
    expect(await getRequestSessionUser(cookie)).toMatchObject({ id: users.staff.id });
    const forged = await encode({
      token: { uid: users.owner.id, sid: "x", sv: 0 },
      secret: randomBytes(16).toString("hex"),
    });
    const request = new NextRequest("http://shop.test/admin", {
      headers: { cookie: `next-auth.session-token=${forged}` },
    });
    expect(await getRequestSessionUser(request)).toBeNull();
    const { request: shopper } = await requestAs(users.shopper);
    expect(await decidePageAccess("/admin", await getRequestSessionUser(shopper), "/admin", null)).toEqual({
      kind: "redirect",
      location: "/",
    });
  });

  it("finds a record page's record by the page's key, without the loader's audit entry, after the role", async () => {
    // Staff (an owner would be sent to enrol in two-factor sign-in first).
    const { request } = await requestAs(users.staff);
    const staff = await getRequestSessionUser(request);
    const email = await db.outboxEmail.create({
      data: {
        dedupeKey: `reqsess-${Date.now()}`,
        kind: "test",
        to: "x@example.test",
        subject: "s",
        text: "t",
        status: "sent",
      },
    });
    const audits = () => db.auditLog.count({ where: { targetId: email.id } });
    const before = await audits();
    const at = (route: Parameters<typeof decidePageAccess>[0], segment: string) =>
      decidePageAccess(route, staff, "/admin", segment);
    expect(await at("/admin/outbox/[id]", email.id)).toEqual({ kind: "open" });
    expect(await audits()).toBe(before);
    for (const route of [
      "/admin/outbox/[id]",
      "/admin/orders/[id]",
      "/admin/promos/[id]",
      "/admin/webhooks/[id]",
      "/admin/catalog/[itemCode]",
      "/admin/pages/[slug]",
    ] as const)
      expect(await at(route, "no-such-record"), route).toEqual({ kind: "notFound" });
    expect(await decidePageAccess("/orders/[token]", null, "/", "x".repeat(43))).toEqual({ kind: "notFound" });
    expect(await decidePageAccess("/orders/[token]/receipt", null, "/", "../etc")).toEqual({ kind: "notFound" });
    const { request: support } = await requestAs(users.support);
    expect(
      await decidePageAccess("/admin/staff", await getRequestSessionUser(support), "/admin", "no-such-record"),
    ).toEqual({ kind: "forbidden" });
  });
});
