// Fetches every catalog page of one sync run into SyncStagedItem (docs/upstream-contract.md#44-catalog-and-delta-sync):
// pages until current_page >= last_page or next_page_url is absent, `removed` de-duplicated
// across pages, cursor = latest updated_at across products and removed. Nothing here
// touches Product, so a failure leaves the shoppers' catalog as it was.
import "server-only";
import { db } from "@/lib/db";
import type { UpstreamClient } from "@/lib/upstream";
import type { CatalogPage, RemovedEntry, UpstreamProduct } from "@/lib/upstream/types";
import { fetchPageWithRetry, type RetryPolicy } from "./retry-page";

export type FetchOptions = RetryPolicy & {
  client: UpstreamClient;
  perPage: number;
  /** Called after each staged page: renews the lease and records progress. */
  onPage?: (progress: FetchProgress) => Promise<void>;
};

export type FetchProgress = { pages: number; upstreamCalls: number; lastPage: number | null; cursorTo: string | null };

export const emptyProgress = (): FetchProgress => ({ pages: 0, upstreamCalls: 0, lastPage: null, cursorTo: null });

/** Stages all pages of a full listing (updatedSince undefined) or a delta; fills `progress` as it goes, so a failed run still reports its calls. */
export async function stageCatalogPages(
  runId: string,
  updatedSince: string | undefined,
  opts: FetchOptions,
  progress: FetchProgress = emptyProgress(),
): Promise<FetchProgress> {
  const stagedProducts = new Map<string, string>(); // itemCode → staged updatedAt
  const stagedRemoved = new Set<string>();
  let cursorMs = -Infinity;
  const seeTimestamp = (iso: string) => {
    const ms = Date.parse(iso);
    if (Number.isFinite(ms) && ms > cursorMs) {
      cursorMs = ms;
      progress.cursorTo = iso;
    }
  };

  for (let page = 1; ; page++) {
    const query = { page, perPage: opts.perPage, sortBy: "item_code" as const, order: "asc" as const, includeTest: true, updatedSince };
    const result: CatalogPage = await fetchPageWithRetry(opts.client, query, opts, () => progress.upstreamCalls++);

    // A SKU can show up twice when it changes while we page: keep the newest copy.
    const fresh = new Map<string, UpstreamProduct>();
    for (const p of result.products) {
      seeTimestamp(p.updatedAt);
      const seen = fresh.get(p.itemCode)?.updatedAt ?? stagedProducts.get(p.itemCode);
      if (seen !== undefined && Date.parse(seen) >= Date.parse(p.updatedAt)) continue;
      if (stagedProducts.has(p.itemCode)) {
        await restageProduct(runId, p);
        stagedProducts.set(p.itemCode, p.updatedAt);
      } else fresh.set(p.itemCode, p);
    }
    for (const p of fresh.values()) stagedProducts.set(p.itemCode, p.updatedAt);
    // `removed` is repeated on every page of a delta (rule 2 of docs/upstream-contract.md#44-catalog-and-delta-sync): stage each code once.
    const removed: RemovedEntry[] = [];
    for (const r of result.removed ?? []) {
      seeTimestamp(r.updatedAt);
      if (stagedRemoved.has(r.itemCode)) continue;
      stagedRemoved.add(r.itemCode);
      removed.push(r);
    }
    await db.syncStagedItem.createMany({
      data: [
        ...[...fresh.values()].map((p) => ({ syncRunId: runId, kind: "product", itemCode: p.itemCode, payload: JSON.stringify(p) })),
        ...removed.map((r) => ({ syncRunId: runId, kind: "removed", itemCode: r.itemCode, payload: JSON.stringify(r) })),
      ],
    });

    progress.pages++;
    progress.lastPage = result.pagination.lastPage;
    await opts.onPage?.(progress);
    const { currentPage, lastPage, nextPageUrl } = result.pagination;
    if (currentPage >= lastPage || !nextPageUrl) return progress;
  }
}

async function restageProduct(runId: string, p: UpstreamProduct): Promise<void> {
  await db.syncStagedItem.update({
    where: { syncRunId_kind_itemCode: { syncRunId: runId, kind: "product", itemCode: p.itemCode } },
    data: { payload: JSON.stringify(p) },
  });
}
