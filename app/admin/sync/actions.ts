"use server";
// "Sync now" (permission, strict schema and audit are in lib/admin/catalog/start-sync).
import { after } from "next/server";
import { revalidatePath } from "next/cache";
import { startCatalogSync } from "@/lib/admin/catalog/start-sync";
import type { ActionState } from "@/lib/errors";

/** Starts a full or delta sync after the response is sent; the page polls its progress. */
export async function startSyncAction(input: unknown): Promise<ActionState> {
  const result = await startCatalogSync(input, {
    launch: (run) =>
      after(() =>
        run.then(
          () => undefined,
          (e: unknown) => console.error("manual catalog sync crashed:", e instanceof Error ? e.message : "unknown"),
        ),
      ),
  });
  if (result.ok) revalidatePath("/admin/sync");
  return result;
}
