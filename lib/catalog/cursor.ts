// The delta cursor (docs/upstream-contract.md#44-catalog-and-delta-sync) lives in the Setting table so every process
// shares it.
import "server-only";
import { db } from "@/lib/db";

export const CURSOR_KEY = "catalog.cursor";

/** The updated_since value for the next delta, or null when the catalog was never synced. */
export async function readCatalogCursor(): Promise<string | null> {
  const row = await db.setting.findUnique({ where: { key: CURSOR_KEY } });
  return row?.value ?? null;
}
