// A line is worked by one process at a time: an atomically claimed lease with an expiry,
// so a crashed worker's lines are picked up again once the lease runs out.
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { ensurePresence, instanceId } from "@/lib/instance";

/**
 * Longer than the purchase timeout (which spec 8 puts at up to 180 s for some SKUs) plus a
 * minute for the budget wait and signing, so a live call never loses its lease.
 */
export const leaseMs = Math.max(180_000, env.UPSTREAM_PURCHASE_TIMEOUT_MS + 60_000);

/** A purchase (budget wait, challenge and the call itself) is abandoned this long into its lease. */
export const purchaseDeadlineMs = leaseMs - 30_000;

/** This process's lease owner (on PostgreSQL its leases are freed the moment it dies: lib/instance.ts). */
export const processOwner = instanceId;

/** Claims the line for `owner` unless somebody else holds a live lease. */
export async function claimLine(lineId: string, owner: string, now: Date): Promise<boolean> {
  await ensurePresence();
  const r = await db.orderLine.updateMany({
    where: { id: lineId, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }, { leaseOwner: owner }] },
    data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs) },
  });
  return r.count === 1;
}

/** Gives the lease back (only if still ours). */
export async function releaseLine(lineId: string, owner: string): Promise<void> {
  await db.orderLine.updateMany({ where: { id: lineId, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: null } });
}

/** Runs `work` while holding the line's lease; false when another process holds it. */
export async function withLineLease(lineId: string, owner: string, now: Date, work: () => Promise<void>): Promise<boolean> {
  if (!(await claimLine(lineId, owner, now))) return false;
  try {
    await work();
  } finally {
    await releaseLine(lineId, owner);
  }
  return true;
}
