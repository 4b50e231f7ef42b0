// Owners edit each configured supplier's label, priority and enabled flag; every change is audited
// with before and after, and no other role can make one (docs/suppliers.md#owners-settings).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSupplierSettings } from "@/lib/admin/suppliers/actions";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { listSuppliers } from "@/lib/suppliers/rows";
import { actAs, createUsers } from "../admin-catalog/staff-session";
import { configureSupplierB } from "./two-suppliers";

let restoreEnv: () => void;
let users: Awaited<ReturnType<typeof createUsers>>;

beforeAll(async () => {
  restoreEnv = configureSupplierB();
  users = await createUsers();
});

afterAll(() => {
  restoreEnv();
  setSessionOverrideForTests(undefined);
});

describe("supplier settings", () => {
  it("lists a row per configured supplier, main first, created once with its defaults: main before an added supplier on equal offers", async () => {
    const listed = await listSuppliers();
    expect(listed).toEqual([
      { name: "main", label: "Main supplier", priority: 0, enabled: true },
      { name: "b", label: "Supplier b", priority: 10, enabled: true },
    ]);
    await listSuppliers();
    expect(await db.supplier.count()).toBe(2);
  });

  it("an owner's edit is saved and audited with the settings before and after", async () => {
    actAs(users, "owner");
    const saved = await saveSupplierSettings({ name: "b", label: "  Wholesaler  B ", priority: "5", enabled: false });
    expect(saved).toMatchObject({ ok: true });
    expect(await db.supplier.findUniqueOrThrow({ where: { name: "b" } })).toMatchObject({
      label: "Wholesaler B",
      priority: 5,
      enabled: false,
    });
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: "supplier.update", targetId: "b" } });
    expect(audit).toMatchObject({ actorId: users.owner, targetType: "supplier" });
    expect(JSON.parse(audit.before!)).toEqual({ label: "Supplier b", priority: 10, enabled: true });
    expect(JSON.parse(audit.after!)).toEqual({ label: "Wholesaler B", priority: 5, enabled: false });
  });

  it("refuses a supplier the environment does not configure, and a bad priority or label", async () => {
    actAs(users, "owner");
    const audits = await db.auditLog.count();
    expect(await saveSupplierSettings({ name: "c", label: "C", priority: 1, enabled: true })).toMatchObject({
      ok: false,
    });
    expect(await db.supplier.count({ where: { name: "c" } })).toBe(0);
    expect((await saveSupplierSettings({ name: "b", label: "B", priority: -1, enabled: true })).ok).toBe(false);
    expect((await saveSupplierSettings({ name: "b", label: " ", priority: 1, enabled: true })).ok).toBe(false);
    expect(await db.auditLog.count()).toBe(audits);
  });

  it("staff, support, shoppers and the signed-out cannot change a supplier", async () => {
    const audits = await db.auditLog.count();
    for (const who of ["staff", "support", "shopper", "signed-out"] as const) {
      actAs(users, who);
      expect((await saveSupplierSettings({ name: "main", label: "Mine", priority: 9, enabled: false })).ok).toBe(false);
    }
    expect(await db.supplier.findUniqueOrThrow({ where: { name: "main" } })).toMatchObject({
      label: "Main supplier",
      enabled: true,
    });
    expect(await db.auditLog.count()).toBe(audits);
  });
});
