// Reads one supplier's catalog for its offers (docs/suppliers.md#offers): whole, page by page, or
// only what changed since its cursor (`updated_since`, docs/upstream-contract.md#44-catalog-and-delta-sync),
// with `removed` de-duplicated across pages. Returns the latest updated_at seen, for the cursor.
import "server-only";
import type { UpstreamClient, UpstreamProduct } from "@/lib/upstream";
import type { RemovedEntry } from "@/lib/upstream/types";

export type CatalogRead = {
  rows: UpstreamProduct[];
  /** Item codes the supplier unpublished or renamed away since the cursor (a delta only). */
  removed: RemovedEntry[];
  pages: number;
  latestSeenMs: number | null;
};

export async function readSupplierCatalog(
  client: UpstreamClient,
  perPage: number,
  updatedSince?: string,
): Promise<CatalogRead> {
  const rows = new Map<string, UpstreamProduct>();
  const removed = new Map<string, RemovedEntry>();
  let latestSeenMs: number | null = null;
  const see = (iso: string) => {
    const ms = Date.parse(iso);
    if (Number.isFinite(ms) && (latestSeenMs === null || ms > latestSeenMs)) latestSeenMs = ms;
  };
  for (let page = 1; ; page++) {
    const p = await client.catalog({ page, perPage, includeTest: true, updatedSince }, { priority: "poll" });
    for (const row of p.products) {
      rows.set(row.itemCode, row);
      see(row.updatedAt);
    }
    for (const r of p.removed ?? []) {
      removed.set(r.itemCode, r);
      see(r.updatedAt);
    }
    if (page >= p.pagination.lastPage || p.products.length === 0)
      return { rows: [...rows.values()], removed: [...removed.values()], pages: page, latestSeenMs };
  }
}
