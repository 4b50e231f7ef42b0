// Owners edit a supplier's label, priority and enabled flag (docs/suppliers.md#owners-settings),
// audited with the row before and after. Only a supplier the environment configures can be edited.
import "server-only";
import { runStaffAction } from "@/lib/admin/staff-action";
import { recordAudit } from "@/lib/audit/record";
import { applyOfferStock } from "@/lib/catalog/offers/offer-stock";
import { db } from "@/lib/db";
import type { ActionState } from "@/lib/errors";
import { ensureSupplierRows } from "@/lib/suppliers/rows";
import { findSupplierConfig } from "@/lib/upstream/suppliers";
import { supplierSettingsSchema } from "./schema";

const snapshot = (r: { label: string; priority: number; enabled: boolean }) => ({
  label: r.label,
  priority: r.priority,
  enabled: r.enabled,
});

/** Saves one supplier's settings; an unchanged form writes nothing and leaves no audit row. */
export async function saveSupplierSettings(input: unknown): Promise<ActionState> {
  return runStaffAction("settings.write", supplierSettingsSchema, input, async (actor, data) => {
    if (!findSupplierConfig(data.name)) return { ok: false, message: "No such supplier is configured." };
    await ensureSupplierRows();
    const before = await db.supplier.findUniqueOrThrow({ where: { name: data.name } });
    const values = { label: data.label, priority: data.priority, enabled: data.enabled };
    if (JSON.stringify(snapshot(before)) === JSON.stringify(values)) return { ok: true, message: "Nothing changed." };
    const after = await db.supplier.update({ where: { name: data.name }, data: values });
    await recordAudit({
      actor,
      action: "supplier.update",
      targetType: "supplier",
      targetId: data.name,
      before: snapshot(before),
      after: snapshot(after),
    });
    // Enabling or disabling a supplier moves what the shop shows in stock (docs/suppliers.md#offers).
    if (before.enabled !== after.enabled) await applyOfferStock();
    return { ok: true, message: `Saved ${after.label}${after.enabled ? "" : " (disabled)"}.` };
  });
}
