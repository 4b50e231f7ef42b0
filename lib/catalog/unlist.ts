// Unlisting at the end of a sync (apply-sync.ts): what a full listing lacked, or what a delta
// removed. Rows are never deleted, so orders keep pointing at them.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import type { RemovedEntry } from "@/lib/upstream/types";
import { restAfter } from "./apply-pace";
import { changedScopes } from "./scopes";

type Tx = Prisma.TransactionClient;
const CHUNK = 400;

/**
 * Full run: the listed SKUs the listing lacked (neither changed nor seen unchanged), found in
 * short reads of 500 codes (under Prisma's bind-parameter limit) before the switch, so the
 * switch itself stays small.
 */
export async function findVanished(runId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let after = ""; ;) {
    const started = performance.now();
    const rows = await db.product.findMany({
      // Main's rows only: a product another supplier alone sells is not in main's listing
      // (docs/suppliers.md#products-of-another-supplier-alone).
      where: { listed: true, source: "main", itemCode: { gt: after } },
      orderBy: { itemCode: "asc" },
      take: 500,
      select: { id: true, itemCode: true },
    });
    if (rows.length === 0) return ids;
    after = rows[rows.length - 1].itemCode;
    const seen = await db.syncStagedItem.findMany({
      where: { syncRunId: runId, kind: { in: ["product", "seen"] }, itemCode: { in: rows.map((r) => r.itemCode) } },
      select: { itemCode: true },
    });
    const listed = new Set(seen.map((r) => r.itemCode));
    for (const r of rows) if (!listed.has(r.itemCode)) ids.push(r.id);
    await restAfter(performance.now() - started);
  }
}

const scopeSelect = { id: true, productType: true, brandId: true, categoryId: true, familySlug: true } as const;
export type Unlisted = { count: number; scopes: Set<string> };

/** Unlists the listed rows among `where`, returning how many and the catalog scopes they leave. */
async function unlistWhere(tx: Tx, where: Prisma.ProductWhereInput, now: Date, into: Unlisted): Promise<void> {
  const rows = await tx.product.findMany({ where: { AND: [where, { listed: true }] }, select: scopeSelect });
  if (rows.length === 0) return;
  into.count += (
    await tx.product.updateMany({
      where: { id: { in: rows.map((r) => r.id) } },
      data: { listed: false, removedAt: now },
    })
  ).count;
  for (const k of changedScopes(rows)) into.scopes.add(k);
}

export async function unlistIds(tx: Tx, ids: string[], now: Date): Promise<Unlisted> {
  const out: Unlisted = { count: 0, scopes: new Set() };
  for (let i = 0; i < ids.length; i += CHUNK) await unlistWhere(tx, { id: { in: ids.slice(i, i + CHUNK) } }, now, out);
  return out;
}

/** Delta run: unlists each removed code unless the shop's row was listed again after that removal. */
export async function unlistRemoved(tx: Tx, removed: RemovedEntry[], now: Date): Promise<Unlisted> {
  const byStamp = new Map<number, string[]>();
  for (const r of removed)
    byStamp.set(Date.parse(r.updatedAt), [...(byStamp.get(Date.parse(r.updatedAt)) ?? []), r.itemCode]);
  const out: Unlisted = { count: 0, scopes: new Set() };
  for (const [stamp, codes] of byStamp) {
    for (let i = 0; i < codes.length; i += CHUNK) {
      await unlistWhere(
        tx,
        { itemCode: { in: codes.slice(i, i + CHUNK) }, upstreamUpdatedAt: { lt: new Date(stamp) } },
        now,
        out,
      );
    }
  }
  return out;
}
