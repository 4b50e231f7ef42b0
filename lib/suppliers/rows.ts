// The owner-editable side of each configured supplier (docs/suppliers.md#owners-settings): one
// Supplier row per name the environment configures, created on first use with its defaults.
// Routing (next) reads enabled and priority from here; the secrets stay in the environment.
import "server-only";
import { db } from "@/lib/db";
import { listSupplierConfigs, MAIN_SUPPLIER } from "@/lib/upstream/suppliers";

export type SupplierRow = { name: string; label: string; priority: number; enabled: boolean };

/** A new row's label: main keeps the name shoppers never see, others their name. */
export function defaultLabel(name: string): string {
  return name === MAIN_SUPPLIER ? "Main supplier" : `Supplier ${name}`;
}

/**
 * A new row's priority: main 0, an added supplier 10, so adding a supplier never moves the lines
 * main sells at the same cost; the owner changes it at will (docs/suppliers.md#owners-settings).
 */
export function defaultPriority(name: string): number {
  return name === MAIN_SUPPLIER ? 0 : 10;
}

/** Creates the missing row of every configured supplier; an existing row is left as owners set it. */
export async function ensureSupplierRows(): Promise<void> {
  const names = listSupplierConfigs().map((s) => s.name);
  const existing = new Set(
    (await db.supplier.findMany({ where: { name: { in: names } }, select: { name: true } })).map((r) => r.name),
  );
  for (const name of names) {
    if (existing.has(name)) continue;
    // Two instances may create the same row at once: upsert makes the second a no-op.
    await db.supplier.upsert({
      where: { name },
      create: { name, label: defaultLabel(name), priority: defaultPriority(name) },
      update: {},
    });
  }
}

/** Every configured supplier's row, in configuration order (main first). */
export async function listSuppliers(): Promise<SupplierRow[]> {
  await ensureSupplierRows();
  const order = listSupplierConfigs().map((s) => s.name);
  const rows = await db.supplier.findMany({
    where: { name: { in: order } },
    select: { name: true, label: true, priority: true, enabled: true },
  });
  return rows.sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}
