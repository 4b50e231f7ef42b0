// The first owner: created once by setup with a generated password, and by the CLI.
import { describe, expect, it } from "vitest";
import { createOwner, ensureFirstOwner } from "@/lib/auth/accounts";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { db } from "@/lib/db";

describe("owner accounts", () => {
  it("creates owner@localhost with a random password only when no owner exists", async () => {
    const first = await ensureFirstOwner();
    expect(first?.email).toBe("owner@localhost");
    expect(first!.password.length).toBeGreaterThanOrEqual(16);
    expect(await ensureFirstOwner()).toBeNull();
    const user = await signInWithPassword({ email: "owner@localhost", password: first!.password, ip: "127.0.0.1" });
    expect(user?.role).toBe("owner");
  });

  it("generates a different password each time", async () => {
    const a = await createOwner("a-owner@example.test");
    const b = await createOwner("b-owner@example.test");
    expect(a.password).not.toBe(b.password);
  });

  it("promotes an existing user and replaces the password", async () => {
    await createOwner("promote@example.test", "first-password-1");
    await db.user.update({ where: { email: "promote@example.test" }, data: { role: "shopper" } });
    const r = await createOwner("promote@example.test", "second-password-2");
    expect(r.created).toBe(false);
    expect((await db.user.findUniqueOrThrow({ where: { email: "promote@example.test" } })).role).toBe("owner");
    expect(
      await signInWithPassword({ email: "promote@example.test", password: "first-password-1", ip: "127.0.0.2" }),
    ).toBeNull();
    expect(
      await signInWithPassword({ email: "promote@example.test", password: "second-password-2", ip: "127.0.0.2" }),
    ).not.toBeNull();
  });
});
