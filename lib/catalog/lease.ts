// A named lease in the shared Lease table: at most one holder across processes, and a
// crashed holder's lease simply expires (on PostgreSQL it is freed at once: lib/instance.ts).
// Portable: one conditional UPDATE or one INSERT.
import "server-only";
import { randomUUID } from "node:crypto";
import { Prisma, db } from "@/lib/db";
import { ensurePresence, instanceId, releaseLeasesOfGoneInstances } from "@/lib/instance";

export type LeaseHandle = { name: string; owner: string };

/** Takes the lease if it is free or expired; returns null when someone else holds it. */
export async function acquireLease(name: string, ttlMs: number, now: Date = new Date()): Promise<LeaseHandle | null> {
  await releaseLeasesOfGoneInstances();
  await ensurePresence();
  const owner = `${instanceId}/${randomUUID()}`;
  const expiresAt = new Date(now.getTime() + ttlMs);
  const taken = await db.lease.updateMany({ where: { name, expiresAt: { lt: now } }, data: { owner, expiresAt } });
  if (taken.count === 1) return { name, owner };
  try {
    await db.lease.create({ data: { name, owner, expiresAt } });
    return { name, owner };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") return null;
    throw error;
  }
}

/** Extends a held lease; false means it was lost (expired and taken by another holder). */
export async function renewLease(lease: LeaseHandle, ttlMs: number, now: Date = new Date()): Promise<boolean> {
  const res = await db.lease.updateMany({
    where: { name: lease.name, owner: lease.owner },
    data: { expiresAt: new Date(now.getTime() + ttlMs) },
  });
  return res.count === 1;
}

/** Gives the lease back early so the next holder need not wait for expiry. */
export async function releaseLease(lease: LeaseHandle): Promise<void> {
  await db.lease.deleteMany({ where: { name: lease.name, owner: lease.owner } });
}
