// Bulk writes for the sync's apply step: multi-row INSERT … ON CONFLICT DO UPDATE for
// products and multi-row INSERT/DELETE for their countries. The SQL is shared by SQLite
// (3.24+) and PostgreSQL; values are inlined as escaped literals (sql-literal.ts) because
// binding ~40 parameters per row through the ORM was the slowest part of a 50,000-SKU apply.
import "server-only";
import type { Prisma } from "@/lib/db";
import type { ProductColumns } from "./map-product";
import { sqlLiteral } from "./sql-literal";

export type ProductWrite = { id: string; data: ProductColumns & { brandId: string; categoryId: string } };

const ROWS_PER_STATEMENT = 500;
const quote = (column: string) => `"${column}"`;

function* chunked<T>(items: T[], size = ROWS_PER_STATEMENT): Generator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/** Inserts new rows and overwrites the upstream columns of existing ones (relisting them). */
export async function upsertProducts(tx: Prisma.TransactionClient, rows: ProductWrite[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const dataColumns = Object.keys(rows[0].data) as (keyof ProductWrite["data"])[];
  const columns = ["id", ...dataColumns, "listed", "removedAt", "createdAt", "updatedAt"];
  const updated = [...dataColumns, "listed", "removedAt", "updatedAt"];
  const head = `INSERT INTO "Product" (${columns.map(quote).join(", ")}) VALUES `;
  const tail = ` ON CONFLICT ("itemCode") DO UPDATE SET ${updated.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(", ")}`;
  const stamp = sqlLiteral(now);
  for (const batch of chunked(rows)) {
    const values = batch.map(
      (row) =>
        `(${[row.id, ...dataColumns.map((c) => row.data[c])].map(sqlLiteral).join(", ")}, TRUE, NULL, ${stamp}, ${stamp})`,
    );
    await tx.$executeRawUnsafe(head + values.join(", ") + tail);
  }
}

/** Replaces the country rows of the given products. */
export async function replaceProductCountries(
  tx: Prisma.TransactionClient,
  productIds: string[],
  rows: { productId: string; countryCode: string }[],
): Promise<void> {
  for (const batch of chunked(productIds)) {
    await tx.$executeRawUnsafe(
      `DELETE FROM "ProductCountry" WHERE "productId" IN (${batch.map(sqlLiteral).join(", ")})`,
    );
  }
  for (const batch of chunked(rows, 2000)) {
    const values = batch.map((r) => `(${sqlLiteral(r.productId)}, ${sqlLiteral(r.countryCode)})`);
    await tx.$executeRawUnsafe(`INSERT INTO "ProductCountry" ("productId", "countryCode") VALUES ${values.join(", ")}`);
  }
}
