// Each supplier's own delta cursor (docs/suppliers.md#offers): where its next offers refresh reads
// from (`updated_since`). Main's is the catalog sync's (lib/catalog/cursor.ts, key `catalog.cursor`);
// another supplier's is `catalog.cursor.<supplier>` in the same Setting table, moved by the same
// rule (next-cursor.ts), forward only.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { CURSOR_KEY } from "../cursor";

type Client = Prisma.TransactionClient | typeof db;

export const supplierCursorKey = (supplier: string) => `${CURSOR_KEY}.${supplier}`;

/** The supplier's `updated_since` for its next delta read, or null when it was never read whole. */
export async function readSupplierCursor(supplier: string, client: Client = db): Promise<string | null> {
  const row = await client.setting.findUnique({ where: { key: supplierCursorKey(supplier) } });
  return row?.value ?? null;
}

/** Moves the supplier's cursor forward (never back). */
export async function saveSupplierCursor(supplier: string, cursor: string | null, client: Client = db): Promise<void> {
  if (!cursor) return;
  const key = supplierCursorKey(supplier);
  const current = await client.setting.findUnique({ where: { key } });
  if (current && Date.parse(current.value) >= Date.parse(cursor)) return;
  await client.setting.upsert({ where: { key }, create: { key, value: cursor }, update: { value: cursor } });
}

const readAtKey = (supplier: string) => `catalog.offers.read.${supplier}`;

/** Records when the supplier's offers were last read (unchanged offers are not rewritten). */
export async function markOffersRead(supplier: string, at: Date): Promise<void> {
  const key = readAtKey(supplier);
  const value = at.toISOString();
  await db.setting.upsert({ where: { key }, create: { key, value }, update: { value } });
}

/** When each supplier's offers were last read, for the staff's suppliers page. */
export async function offersReadAt(): Promise<Map<string, Date>> {
  const rows = await db.setting.findMany({ where: { key: { startsWith: readAtKey("") } } });
  return new Map(rows.map((r) => [r.key.slice(readAtKey("").length), new Date(r.value)]));
}
