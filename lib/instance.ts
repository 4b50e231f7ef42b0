// Who this process is, for leases shared through the database, and (on PostgreSQL) proof that
// it is still alive. Leases carry an expiry, which is all SQLite needs on one machine. With
// several instances on PostgreSQL, an instance that dies (SIGKILL, lost host) should not sit on
// its leases until they expire (a line lease outlives the 120 s purchase timeout): each instance
// holds a session advisory lock on a connection of its own, PostgreSQL drops that lock the
// moment the connection goes, and any instance may then free the leases the dead one held.
import "server-only";
import crypto from "node:crypto";
import os from "node:os";
import pg from "pg";
import { db, dbProvider } from "@/lib/db";
import { env } from "@/lib/env";

/** Lease owner for this process; the `instance:` prefix marks owners that prove liveness. */
export const instanceId = `instance:${os.hostname().slice(0, 24)}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;

/** First key of the two-key advisory lock (the second is hashtext(owner)); "SH". */
const LOCK_SPACE = 0x5348;

let presence: Promise<pg.Client> | null = null;

/** PostgreSQL: takes this instance's liveness lock once (again after a lost connection); no-op on SQLite. */
export async function ensurePresence(): Promise<void> {
  if (dbProvider !== "postgresql") return;
  presence ??= connectPresence().catch((error: unknown) => {
    presence = null;
    throw error;
  });
  await presence;
}

async function connectPresence(): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: env.DATABASE_URL,
    application_name: instanceId.slice(0, 63),
    keepAlive: true,
  });
  const lost = () => {
    presence = null;
    client.end().catch(() => {});
  };
  client.on("error", lost);
  client.on("end", lost);
  await client.connect();
  await client.query("SELECT pg_advisory_lock($1, hashtext($2))", [LOCK_SPACE, instanceId]);
  return client;
}

/** SQL: true when no live session holds the liveness lock of the owner named by `ownerSql`. */
const ownerIsGone = (ownerSql: string) =>
  `NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${LOCK_SPACE}
     AND l.objsubid = 2 AND l.objid = hashtext(${ownerSql})::oid)`;

/**
 * PostgreSQL: frees the line leases, refund claims and named leases (catalog sync) of instances that died, so
 * the survivors take their work over at once. Owners without the `instance:` prefix (scripts,
 * tests) only ever lose a lease by expiry. Returns how many leases were freed.
 */
export async function releaseLeasesOfGoneInstances(): Promise<number> {
  if (dbProvider !== "postgresql") return 0;
  await ensurePresence();
  const lines = await db.$executeRawUnsafe(
    `UPDATE "OrderLine" SET "leaseOwner" = NULL, "leaseUntil" = NULL
     WHERE "leaseUntil" IS NOT NULL AND "leaseOwner" LIKE 'instance:%' AND ${ownerIsGone(`split_part("leaseOwner", '/', 1)`)}`,
  );
  const refunds = await db.$executeRawUnsafe(
    `UPDATE "Refund" SET "claimUntil" = NOW() - INTERVAL '1 second', "claimOwner" = NULL
     WHERE "status" = 'calling' AND "claimOwner" LIKE 'instance:%' AND ${ownerIsGone(`split_part("claimOwner", '/', 1)`)}`,
  );
  const named = await db.$executeRawUnsafe(
    `DELETE FROM "Lease" WHERE "owner" LIKE 'instance:%' AND ${ownerIsGone(`split_part("owner", '/', 1)`)}`,
  );
  return lines + refunds + named;
}
