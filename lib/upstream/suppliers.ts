// The configured suppliers (docs/suppliers.md#configuration): looked up by name from the
// environment, which is their one home. The rows owners edit (label, priority, enabled) live in
// lib/suppliers; this module only knows where each supplier is and its secrets.
import "server-only";
import { env, MAIN_SUPPLIER, type SupplierConfig } from "@/lib/env";

export { MAIN_SUPPLIER, type SupplierConfig };

/** Every configured supplier, `main` first. */
export function listSupplierConfigs(): SupplierConfig[] {
  return env.suppliers;
}

/** The supplier of that name, or null when the environment configures none by it. */
export function findSupplierConfig(name: string): SupplierConfig | null {
  return env.suppliers.find((s) => s.name === name) ?? null;
}

/** The supplier of that name; a name the environment does not configure is a programming error. */
export function supplierConfig(name: string): SupplierConfig {
  const found = findSupplierConfig(name);
  if (!found) throw new Error(`no supplier "${name}" is configured (UPSTREAM_SUPPLIERS)`);
  return found;
}
