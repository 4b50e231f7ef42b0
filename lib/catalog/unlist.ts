// Unlisting at the end of a sync (apply-sync.ts): what a full listing lacked, or what a delta
// removed. Rows are never deleted, so orders keep pointing at them.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import type { RemovedEntry } from "@/lib/upstream/types";
import { restAfter } from "./apply-pace";

type Tx = Prisma.TransactionClient;
const CHUNK = 400;

/**
 * Full run: the listed SKUs the listing lacked (neither changed nor seen unchanged), found in
 * short reads of 500 codes (under Prisma's bind-parameter limit) before the switch, so the
 * switch itself stays small.
 */
export async function findVanished(runId: string): Promise<string[]> {
  const ids: string[] = [];
  for (let after = ""; ; ) {
    const started = performance.now();
    const rows = await db.product.findMany({ where: { listed: true, itemCode: { gt: after } }, orderBy: { itemCode: "asc" }, take: 500, select: { id: true, itemCode: true } });
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

export async function unlistIds(tx: Tx, ids: string[], now: Date): Promise<number> {
  let count = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    count += (await tx.product.updateMany({ where: { id: { in: ids.slice(i, i + CHUNK) }, listed: true }, data: { listed: false, removedAt: now } })).count;
  }
  return count;
}

/** Delta run: unlists each removed code unless the shop's row was listed again after that removal. */
export async function unlistRemoved(tx: Tx, removed: RemovedEntry[], now: Date): Promise<number> {
  const byStamp = new Map<number, string[]>();
  for (const r of removed) byStamp.set(Date.parse(r.updatedAt), [...(byStamp.get(Date.parse(r.updatedAt)) ?? []), r.itemCode]);
  let count = 0;
  for (const [stamp, codes] of byStamp) {
    for (let i = 0; i < codes.length; i += CHUNK) {
      const res = await tx.product.updateMany({
        where: { itemCode: { in: codes.slice(i, i + CHUNK) }, listed: true, upstreamUpdatedAt: { lt: new Date(stamp) } },
        data: { listed: false, removedAt: now },
      });
      count += res.count;
    }
  }
  return count;
}
