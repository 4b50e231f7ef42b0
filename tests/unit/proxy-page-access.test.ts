// proxy.ts answers a page that needs a sign-in, a staff role or a record before it renders
// (lib/http/page-access.ts, docs/accounts-security.md#who-may-open-a-page): a 307 to sign in, a
// redirect for the wrong kind of user, a 403 for a role without access, the not-found page for a
// record that does not exist. A page rendered from a prerendered shell could only answer 200.
import { NextRequest } from "next/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/guards";
import { sessionUserAs } from "../helpers/session-users";

vi.mock("@/lib/markets/url-markets", () => ({
  listUrlMarkets: async () => [
    { slug: "us", languages: ["en"], isDefault: true, countries: ["US"] },
    { slug: "id", languages: ["id", "en"], isDefault: false, countries: ["ID"] },
  ],
}));
let user: SessionUser | null | Error = null;
vi.mock("@/lib/auth/guards", () => ({
  getRequestSessionUser: async () => {
    if (user instanceof Error) throw user;
    return user;
  },
}));
const knownToken = "k".repeat(43);
vi.mock("@/lib/orders/view/order-view", () => ({
  orderTokenExists: async (token: string) => token === knownToken,
}));
vi.mock("@/lib/db", () => ({
  db: { order: { findUnique: async ({ where }: { where: { id: string } }) => (where.id === "ord_1" ? where : null) } },
}));

const { proxy } = await import("@/proxy");
const run = (path: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  proxy(new NextRequest(new URL(`http://shop.test${path}`), init));
const as = sessionUserAs;
const rewrite = (response: Response) => response.headers.get("x-middleware-rewrite");

describe("proxy: who may open a page", () => {
  beforeEach(() => {
    user = null;
  });

  it("sends a signed-out visitor to sign in and back to the page asked for (307, never stored)", async () => {
    for (const [path, back] of [
      ["/admin", "/admin"],
      ["/admin/orders?status=failed", "/admin/orders?status=failed"],
      ["/id/en/account", "/account"],
      ["/two-factor/setup", "/two-factor/setup"],
    ]) {
      const response = await run(path);
      expect(response.status, path).toBe(307);
      expect(response.headers.get("location"), path).toBe(
        `http://shop.test/sign-in?callbackUrl=${encodeURIComponent(back)}`,
      );
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("drops the client router's cache-busting parameter from the page to come back to", async () => {
    const response = await run("/admin/orders?_rsc=abc&q=x");
    expect(response.headers.get("location")).toBe(
      `http://shop.test/sign-in?callbackUrl=${encodeURIComponent("/admin/orders?q=x")}`,
    );
  });

  it("sends a shopper away from the admin and from staff enrolment, and staff who must enrol to enrolment", async () => {
    user = as("shopper");
    expect((await run("/admin/orders")).headers.get("location")).toBe("http://shop.test/");
    expect((await run("/two-factor/setup")).headers.get("location")).toBe("http://shop.test/account");
    expect((await run("/account")).status).toBe(200);
    user = as("owner", true);
    expect((await run("/admin/settings")).headers.get("location")).toBe("http://shop.test/two-factor/setup");
    expect((await run("/two-factor/setup")).status).toBe(200);
  });

  it("answers a role without the page's permission 403, and lets the page render its refusal", async () => {
    user = as("support");
    const refused = await run("/admin/search-synonyms");
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-middleware-next")).toBe("1");
    expect(refused.headers.get("content-security-policy")).toContain("'nonce-");
    expect((await run("/admin/orders")).status).toBe(200);
    user = as("owner");
    expect((await run("/admin/search-synonyms")).status).toBe(200);
  });

  it("answers a record that does not exist with the not-found page, after the role is checked", async () => {
    user = as("support");
    expect(rewrite(await run("/admin/orders/ord_1"))).toBeNull();
    expect(rewrite(await run("/admin/orders/ord_missing"))).toBe("http://shop.test/_not-found");
    expect((await run("/admin/orders/export")).status).toBe(200);
    user = null;
    expect((await run("/admin/orders/ord_missing")).status).toBe(307);
    expect(rewrite(await run(`/orders/${"x".repeat(43)}`))).toBe("http://shop.test/_not-found");
    expect(rewrite(await run(`/id/orders/${"x".repeat(43)}`))).toBe("http://shop.test/_not-found");
    expect(rewrite(await run(`/orders/${knownToken}`))).toBeNull();
  });

  it("leaves a server action to its own guard: only page loads are answered here", async () => {
    const action = await run("/admin/search-synonyms", { method: "POST", headers: { "next-action": "abc" } });
    expect(action.status).toBe(200);
    expect(action.headers.get("location")).toBeNull();
  });

  it("finds a page's rule by its decoded path, as Next finds the page", async () => {
    for (const path of ["/%61dmin", "/ac%63ount", "/admin%2Forders", "//admin"]) {
      const response = await run(path);
      expect(response.status, path).toBe(307);
    }
    expect((await run("//account")).headers.get("location")).toBe(
      `http://shop.test/sign-in?callbackUrl=${encodeURIComponent("/account")}`,
    );
    user = as("support");
    expect(rewrite(await run("/admin/orders/ord%5F1"))).toBeNull();
  });

  it("lets the page decide when the database cannot answer", async () => {
    user = new Error("SQLITE_BUSY");
    const response = await run("/admin/staff");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-middleware-next")).toBe("1");
  });
});
