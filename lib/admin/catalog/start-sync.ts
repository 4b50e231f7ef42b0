// "Sync now" from the admin: starts a catalog sync without holding the request open. The
// lease in runCatalogSync still guarantees one run at a time across every process.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { recordAudit } from "@/lib/audit/record";
import { afterCatalogSync } from "@/lib/catalog/offers/sync-offers";
import { runCatalogSync, type SyncDeps } from "@/lib/catalog/sync";
import type { ActionState } from "@/lib/errors";
import { runStaffAction } from "@/lib/admin/staff-action";
import { log } from "@/lib/log";

export const startSyncSchema = z.object({ kind: z.enum(["full", "delta"]) }).strict();

type Launch = (promise: Promise<unknown>) => void;

/** Default launcher: detach the run and log (never throw) when it crashes. */
const detach: Launch = (promise) =>
  void promise.catch((e: unknown) => log.error({ err: e }, "manual catalog sync crashed"));

/**
 * Kicks off a full or delta sync in the background. A run already in progress is reported
 * instead of starting another (the lease would only record it as skipped). Tests pass `deps`
 * and a `launch` that keeps the promise to await it.
 */
export async function startCatalogSync(
  input: unknown,
  opts: { deps?: SyncDeps; launch?: Launch } = {},
): Promise<ActionState> {
  return runStaffAction("sync.run", startSyncSchema, input, async (actor, data) => {
    const running = await db.syncRun.findFirst({ where: { status: "running" }, select: { id: true, kind: true } });
    if (running) return { ok: false, message: `A ${running.kind} sync is already running; watch its progress below.` };
    await recordAudit({
      actor,
      action: "catalog.sync.start",
      targetType: "sync",
      after: { kind: data.kind, trigger: "manual" },
    });
    // Each supplier's offers follow, as after a scheduled sync (docs/suppliers.md#offers).
    (opts.launch ?? detach)(runCatalogSync({ kind: data.kind, trigger: "manual" }, opts.deps).then(afterCatalogSync));
    return { ok: true, message: `${data.kind === "full" ? "Full" : "Delta"} sync started.` };
  });
}
