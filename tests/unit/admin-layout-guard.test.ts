// The admin layout's check (lib/http/page-guard.ts guardStaff) is the door every admin rule of
// lib/http/page-access.ts starts with, not a copy of it: for each kind of visitor it sends them
// where the proxy sends them from /admin, and lets staff in with their staff role.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@/lib/auth/guards";
import { sessionUserAs } from "../helpers/session-users";

let user: SessionUser | null = null;
vi.mock("@/lib/auth/guards", () => ({ getSessionUser: async () => user }));
vi.mock("next/navigation", () => ({
  redirect: (location: string) => {
    throw new Error(`redirect ${location}`);
  },
  forbidden: () => {
    throw new Error("forbidden");
  },
  notFound: () => {
    throw new Error("notFound");
  },
}));

const { guardStaff } = await import("@/lib/http/page-guard");
const { decidePageAccess } = await import("@/lib/http/page-access");
const as = sessionUserAs;

describe("admin layout: the staff door", () => {
  beforeEach(() => {
    user = null;
  });

  it("sends the signed out, shoppers and staff who must enrol where the admin's rule sends them", async () => {
    for (const [who, location] of [
      [null, "/sign-in?callbackUrl=%2Fadmin"],
      [as("shopper"), "/"],
      [as("owner", true), "/two-factor/setup"],
    ] as const) {
      user = who;
      await expect(guardStaff()).rejects.toThrow(`redirect ${location}`);
      expect(await decidePageAccess("/admin/security", who, "/admin", null)).toEqual({ kind: "redirect", location });
    }
  });

  it("lets every staff role in, whatever its permissions (each page checks its own)", async () => {
    for (const role of ["owner", "staff", "support"] as const) {
      user = as(role);
      expect(await guardStaff()).toMatchObject({ id: "u1", role });
    }
  });
});
