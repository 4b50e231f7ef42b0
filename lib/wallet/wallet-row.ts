// Each supplier's UpstreamWallet row and its compare-and-set update. Money stays decimal: the new
// estimate is computed here with Decimal and written only if no one changed the row meanwhile
// (its version), instead of letting the database add to a column (SQLite would use a float).
import "server-only";
import { db, Prisma } from "@/lib/db";

/** Main's row; each other supplier has its own (docs/suppliers.md#per-supplier). */
export const walletId = "wallet";

/** The wallet row of a supplier: "wallet" for main, as before, "wallet:<name>" for another. */
export const walletIdOf = (supplier = "main") => (supplier === "main" ? walletId : `wallet:${supplier}`);

/** The supplier a wallet row belongs to. */
export const supplierOfWallet = (id: string) => (id.startsWith("wallet:") ? id.slice("wallet:".length) : "main");

type Tx = Prisma.TransactionClient | typeof db;
export type WalletRow = NonNullable<Awaited<ReturnType<typeof db.upstreamWallet.findUnique>>>;

/** The row, created empty the first time (no read yet: no estimate). */
export async function ensureWallet(tx: Tx = db, supplier = "main"): Promise<WalletRow> {
  const id = walletIdOf(supplier);
  const row = await tx.upstreamWallet.findUnique({ where: { id } });
  if (row) return row;
  try {
    return await tx.upstreamWallet.create({ data: { id } });
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")
      return tx.upstreamWallet.findUniqueOrThrow({ where: { id } });
    throw err;
  }
}

/**
 * Applies `change` to the row as it is now; retried when another process changed it first.
 * `change` returns the fields to write, or null to leave the row alone.
 */
export async function updateWallet(
  change: (row: WalletRow) => Prisma.UpstreamWalletUpdateManyMutationInput | null,
  tx: Tx = db,
  supplier = "main",
): Promise<WalletRow | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const row = await ensureWallet(tx, supplier);
    const data = change(row);
    if (!data) return null;
    const { count } = await tx.upstreamWallet.updateMany({
      where: { id: row.id, version: row.version },
      data: { ...data, version: { increment: 1 } },
    });
    if (count === 1) return row;
  }
  throw new Error("wallet: the row kept changing under this update");
}
