// Start-up backfills for data written before a column existed: derived catalog columns, order
// references, search text indexed under an older rule, and the default search synonyms.
// Idempotent and safe on several instances at once; they never block start-up.
import "server-only";
import { backfillDerivedCatalogColumns } from "@/lib/catalog/backfill-derived";
import { refreshSearchText } from "@/lib/catalog/search/refresh-search-text";
import { seedSearchSynonyms } from "@/lib/catalog/search/seed-synonyms";
import { backfillOrderReferences } from "@/lib/orders/core/order-reference";
import { log } from "@/lib/log";

/** Runs every backfill once; failures are logged and retried at the next start. */
export async function runStartupBackfills(): Promise<void> {
  for (const [name, run] of [
    ["catalog columns", backfillDerivedCatalogColumns],
    ["order references", backfillOrderReferences],
    ["search text", refreshSearchText],
    ["search synonyms", seedSearchSynonyms],
  ] as const) {
    try {
      const n = await run();
      if (n > 0) log.info({ backfill: name, rows: n }, "backfill done");
    } catch (error) {
      log.error({ err: error, backfill: name }, "backfill failed");
    }
  }
}
