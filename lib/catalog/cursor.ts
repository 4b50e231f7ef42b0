// The delta cursor (spec 4.4 rule 5) lives in the Setting table so every process shares it.
// Where it moves after a run is decided once, in next-cursor.ts.
import "server-only";
import { db } from "@/lib/db";

export const CURSOR_KEY = "catalog.cursor";

export { CURSOR_SAFETY_MARGIN_MS, nextCatalogCursor } from "./next-cursor";

/** The updated_since value for the next delta, or null when the catalog was never synced. */
export async function readCatalogCursor(): Promise<string | null> {
  const row = await db.setting.findUnique({ where: { key: CURSOR_KEY } });
  return row?.value ?? null;
}
