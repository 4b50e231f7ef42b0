"use server";
// "Sync now" (permission, strict schema and audit are in lib/admin/catalog/start-sync).
import { after } from "next/server";
import { revalidatePath } from "next/cache";
import { startCatalogSync } from "@/lib/admin/catalog/start-sync";
import type { ActionState } from "@/lib/errors";
import { log } from "@/lib/log";

/** Starts a full or delta sync after the response is sent; the page polls its progress. */
export async function startSyncAction(input: unknown): Promise<ActionState> {
  const result = await startCatalogSync(input, {
    launch: (run) =>
      after(() =>
        run.then(
          () => undefined,
          (e: unknown) => log.error({ err: e }, "manual catalog sync crashed"),
        ),
      ),
  });
  if (result.ok) revalidatePath("/admin/sync");
  return result;
}
