// Fetches every catalog page of one sync run into SyncStagedItem (spec 4.4 rules 1–5): pages
// until current_page >= last_page or next_page_url is absent, `removed` de-duplicated across
// pages. Only what the apply step needs is staged: products that are new or differ from the
// shop's row ("product", with the payload), the item codes of unchanged ones in a full listing
// ("seen", so the apply can unlist what vanished) and removed entries. Nothing here touches
// Product, so a failure leaves the shoppers' catalog as it was.
//
// Pages are offsets into a list that can change while we read it. A SKU that leaves the list
// (unpublished or renamed) shifts the next ones back by one, so one would fall onto a page
// already read and be missed: when a page shows new removed entries (a delta) or a smaller
// total (a full listing), the pages just read are read again. Changes made while paging are the
// cursor's business (next-cursor.ts).
import "server-only";
import { db } from "@/lib/db";
import { deriveFamily } from "./family";
import type { UpstreamClient } from "@/lib/upstream";
import type { CatalogPage, RemovedEntry, UpstreamProduct } from "@/lib/upstream/types";
import { fetchPageWithRetry, type RetryPolicy } from "./retry-page";

export type FetchOptions = RetryPolicy & {
  client: UpstreamClient;
  perPage: number;
  /** Called after each staged page: renews the lease and records progress. */
  onPage?: (progress: FetchProgress) => Promise<void>;
};

export type FetchProgress = {
  pages: number;
  upstreamCalls: number;
  lastPage: number | null;
  /** Latest updated_at (ms) across products and removed; null when the run saw none. */
  latestSeenMs: number | null;
  /** Pages read again because SKUs left the list while it was paged. */
  rereads: number;
};

export const emptyProgress = (): FetchProgress => ({
  pages: 0,
  upstreamCalls: 0,
  lastPage: null,
  latestSeenMs: null,
  rereads: 0,
});

/** Re-reads per run at most: under constant churn the run still ends (the cursor rule covers the rest). */
const MAX_REREADS = 50;

type Staged = { updatedAtMs: number; kind: "product" | "seen" | "none" };

/** Stages all pages of a full listing (updatedSince undefined) or a delta; fills `progress` as it goes, so a failed run still reports its calls. */
export async function stageCatalogPages(
  runId: string,
  updatedSince: string | undefined,
  opts: FetchOptions,
  progress: FetchProgress = emptyProgress(),
): Promise<FetchProgress> {
  const full = updatedSince === undefined;
  const staged = new Map<string, Staged>();
  const removedSeen = new Set<string>();
  const see = (iso: string) => {
    const ms = Date.parse(iso);
    if (Number.isFinite(ms) && ms > (progress.latestSeenMs ?? Number.NEGATIVE_INFINITY)) progress.latestSeenMs = ms;
  };
  let previousTotal: number | null = null;
  for (let page = 1; ;) {
    const query = {
      page,
      perPage: opts.perPage,
      sortBy: "item_code" as const,
      order: "asc" as const,
      includeTest: true,
      updatedSince,
    };
    const result: CatalogPage = await fetchPageWithRetry(opts.client, query, opts, () => progress.upstreamCalls++);

    // `removed` is repeated on every page of a delta (rule 2): stage each code once.
    const removed: RemovedEntry[] = [];
    for (const r of result.removed ?? []) {
      see(r.updatedAt);
      if (removedSeen.has(r.itemCode)) continue;
      removedSeen.add(r.itemCode);
      removed.push(r);
    }
    const left = progress.pages === 0 ? 0 : Math.max(removed.length, (previousTotal ?? 0) - result.pagination.total);
    previousTotal = result.pagination.total;
    await stageProducts(runId, result.products, full, staged, see);
    if (removed.length > 0) {
      await db.syncStagedItem.createMany({
        data: removed.map((r) => ({
          syncRunId: runId,
          kind: "removed",
          itemCode: r.itemCode,
          payload: JSON.stringify(r),
        })),
      });
    }

    progress.pages++;
    progress.lastPage = result.pagination.lastPage;
    await opts.onPage?.(progress);
    const { currentPage, lastPage, nextPageUrl } = result.pagination;
    if (left > 0 && currentPage > 1 && progress.rereads < MAX_REREADS) {
      progress.rereads++;
      page = Math.max(1, currentPage - Math.ceil(left / opts.perPage));
      continue;
    }
    if (currentPage >= lastPage || !nextPageUrl) return progress;
    page = currentPage + 1;
  }
}

/** Stages one page's products: the newest copy of each code wins; unchanged ones as "seen" (full) or not at all (delta). */
async function stageProducts(
  runId: string,
  products: UpstreamProduct[],
  full: boolean,
  staged: Map<string, Staged>,
  see: (iso: string) => void,
): Promise<void> {
  const rows = await db.product.findMany({
    where: { itemCode: { in: products.map((p) => p.itemCode) } },
    select: { itemCode: true, listed: true, upstreamUpdatedAt: true, imageUrl: true, familySlug: true },
  });
  const current = new Map(rows.map((r) => [r.itemCode, r]));
  const inserts: { syncRunId: string; kind: string; itemCode: string; payload: string }[] = [];
  for (const p of products) {
    see(p.updatedAt);
    const updatedAtMs = Date.parse(p.updatedAt);
    const before = staged.get(p.itemCode);
    if (before && before.updatedAtMs >= updatedAtMs) continue;
    const row = current.get(p.itemCode);
    // Upstream content is stamped by updated_at; the shop price follows rule changes by itself.
    // Derived or presentational columns (artwork, family) are compared too: rows synced before
    // they existed, or an image moved without a new updated_at, are rewritten.
    const unchanged =
      row !== undefined &&
      row.listed &&
      row.upstreamUpdatedAt.getTime() === updatedAtMs &&
      row.imageUrl === p.imageUrl &&
      row.familySlug ===
        deriveFamily({ brand: p.brand, productType: p.productType, productFamily: p.productFamily, region: p.region })
          .familySlug;
    const kind: Staged["kind"] = !unchanged ? "product" : full ? "seen" : "none";
    if (before && before.kind !== "none") {
      const pending = inserts.findIndex((x) => x.itemCode === p.itemCode);
      if (pending >= 0) inserts.splice(pending, 1);
      else
        await db.syncStagedItem.delete({
          where: { syncRunId_kind_itemCode: { syncRunId: runId, kind: before.kind, itemCode: p.itemCode } },
        });
    }
    staged.set(p.itemCode, { updatedAtMs, kind });
    if (kind !== "none")
      inserts.push({
        syncRunId: runId,
        kind,
        itemCode: p.itemCode,
        payload: kind === "product" ? JSON.stringify(p) : "",
      });
  }
  if (inserts.length > 0) await db.syncStagedItem.createMany({ data: inserts });
}
