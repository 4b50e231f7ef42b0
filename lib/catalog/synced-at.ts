// How new the mirrored catalog is: a successful sync (full or delta) leaves every listed row at
// least as new as the moment it started, since it fetched everything changed since its cursor.
import "server-only";
import { db } from "@/lib/db";

/** When the newest successful catalog sync started, or null when none has succeeded. */
export async function catalogSyncedAt(): Promise<Date | null> {
  const run = await db.syncRun.findFirst({
    where: { status: "succeeded" },
    orderBy: { startedAt: "desc" },
    select: { startedAt: true },
  });
  return run?.startedAt ?? null;
}
