// Staff manage promo codes: owners and staff create and edit them (audited before/after),
// support may only read them, a code's text never changes, and a duplicate is refused.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { getPromo, listPromos } from "@/lib/admin/promos/list-promos";
import { savePromo } from "@/lib/admin/promos/save-promo";
import { actAs, createRoleUsers, type TestUsers } from "../auth/helpers";

let users: TestUsers;
beforeAll(async () => (users = await createRoleUsers("admin-promos")));
afterEach(() => setSessionOverrideForTests(undefined));

const form = {
  code: "spring-10",
  description: "Spring sale",
  kind: "percent",
  value: "10",
  scope: "brand",
  scopeKeys: "Steam, Xbox",
  startsAt: "2026-12-01T00:00",
  endsAt: "",
  maxUses: "100",
  maxUsesPerShopper: "1",
  active: "true",
};

describe("promo codes in the admin", () => {
  it("lets staff create a code, stored upper-case with its scope, dates and limits, and audited", async () => {
    actAs(users.staff);
    const r = await savePromo(form);
    expect(r).toMatchObject({ ok: true, message: "Code SPRING-10 created." });
    const row = await db.promoCode.findUniqueOrThrow({ where: { code: "SPRING-10" } });
    expect(row).toMatchObject({
      kind: "percent",
      scope: "brand",
      scopeKeys: '["Steam","Xbox"]',
      maxUses: 100,
      maxUsesPerShopper: 1,
      active: true,
      currency: "USD",
      usedCount: 0,
      createdById: users.staff.id,
    });
    expect(row.value.toFixed(2)).toBe("10.00");
    expect(row.startsAt?.toISOString()).toBe("2026-12-01T00:00:00.000Z");
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "promo.create", targetId: row.id } });
    expect(audit.actorId).toBe(users.staff.id);
    expect(JSON.parse(audit.after!)).toMatchObject({ code: "SPRING-10", value: "10", scopeKeys: ["Steam", "Xbox"] });
    expect((await listPromos(new Date("2026-11-25T00:00:00Z"))).find((p) => p.code === "SPRING-10")?.status).toBe(
      "scheduled",
    );
  });

  it("edits a code with before and after in the audit log, but never its text", async () => {
    actAs(users.owner);
    const row = await db.promoCode.findUniqueOrThrow({ where: { code: "SPRING-10" } });
    expect(await savePromo({ ...form, id: row.id, value: "15", active: "false" })).toMatchObject({ ok: true });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "promo.update", targetId: row.id } });
    expect([JSON.parse(audit.before!).value, JSON.parse(audit.after!).value, JSON.parse(audit.after!).active]).toEqual([
      "10",
      "15",
      false,
    ]);
    expect(await savePromo({ ...form, id: row.id, code: "SPRING-20" })).toMatchObject({
      ok: false,
      fieldErrors: { code: ["Create a new code instead."] },
    });
    expect((await getPromo(row.id))?.promo.status).toBe("disabled");
  });

  it("refuses a code that exists already, and bad values with their field", async () => {
    actAs(users.staff);
    expect(await savePromo({ ...form, code: "Spring-10" })).toMatchObject({
      ok: false,
      fieldErrors: { code: ["Already taken: edit that code, or choose another."] },
    });
    expect(await savePromo({ ...form, code: "NEW-ONE", kind: "percent", value: "120" })).toMatchObject({
      ok: false,
      fieldErrors: { value: ["A percentage is at most 100"] },
    });
    expect(await savePromo({ ...form, code: "NEW-ONE", usedCount: "0" })).toMatchObject({ ok: false }); // the counter is never posted
  });

  it("lets support read codes but not change them, and nobody signed out", async () => {
    actAs(users.support);
    expect(await savePromo({ ...form, code: "SUPPORT-1" })).toEqual({
      ok: false,
      message: "You are not allowed to do that.",
    });
    expect((await listPromos()).length).toBeGreaterThan(0);
    actAs(users.shopper);
    await expect(listPromos()).rejects.toMatchObject({ code: "forbidden" });
    actAs(null);
    expect(await savePromo({ ...form, code: "ANON-1" })).toEqual({ ok: false, message: "Please sign in." });
    expect(await db.promoCode.count({ where: { code: { in: ["SUPPORT-1", "ANON-1"] } } })).toBe(0);
  });
});
