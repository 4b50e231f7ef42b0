// A line is worked by one process at a time: an atomically claimed lease with an expiry,
// so a crashed worker's lines are picked up again once the lease runs out.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ensurePresence, instanceId } from "@/lib/instance";

/**
 * Longer than the purchase timeout (up to 180 s for some SKUs, docs/upstream-contract.md#8-limits)
 * plus a minute for the budget wait and signing, so a live call never loses its lease.
 */
export const leaseMs = Math.max(180_000, env.UPSTREAM_PURCHASE_TIMEOUT_MS + 60_000);

/** A purchase (budget wait, challenge and the call itself) is abandoned this long into its lease. */
export const purchaseDeadlineMs = leaseMs - 30_000;

/** This process's lease owner (on PostgreSQL its leases are freed the moment it dies: lib/instance.ts). */
export const processOwner = instanceId;

let workerSeq = 0;

/**
 * Claims the line unless any live lease is on it — including one of this same process: a webhook
 * and the reconciler in one process are two workers and never act on one line at once. The
 * stored owner is `<owner>/<n>` (the instance liveness check reads the part before the slash).
 */
export async function claimLine(lineId: string, owner: string, now: Date): Promise<string | null> {
  await ensurePresence();
  const worker = `${owner}/${++workerSeq}`;
  const r = await db.orderLine.updateMany({
    where: { id: lineId, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseOwner: worker, leaseUntil: new Date(now.getTime() + leaseMs) },
  });
  return r.count === 1 ? worker : null;
}

/** Gives the lease back (only if still ours). */
export async function releaseLine(lineId: string, owner: string): Promise<void> {
  await db.orderLine.updateMany({
    where: { id: lineId, leaseOwner: owner },
    data: { leaseOwner: null, leaseUntil: null },
  });
}

/** Runs `work` while holding the line's lease; false when another worker holds it. */
export async function withLineLease(
  lineId: string,
  owner: string,
  now: Date,
  work: () => Promise<void>,
): Promise<boolean> {
  const worker = await claimLine(lineId, owner, now);
  if (!worker) return false;
  try {
    await work();
  } finally {
    await releaseLine(lineId, worker);
  }
  return true;
}
