// Applies one run's staged pages to the catalog without freezing the shop: products are written
// in bounded chunks, each its own short transaction (on SQLite the web process has one
// connection, and a page waits for whatever transaction holds it), resting between chunks.
// Each chunk marks the catalog scopes it touched (type, brand, category, family) pending; then one
// short transaction switches to the new catalog: it unlists what vanished, moves the cursor and
// commits the change (when anything changed): the catalog version moves, and the touched scopes
// take it, which caches and the search vocabulary follow (lib/catalog/catalog-version.ts).
// Each product row is always whole (old or new); while the chunks run, a listing may show some
// SKUs already changed and others not yet, as if the upstream had published them a second apart.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { loadPricingRules } from "@/lib/pricing/rules";
import type { RemovedEntry, UpstreamProduct } from "@/lib/upstream/types";
import { mapUpstreamProduct } from "./map-product";
import { ensureBrandsAndCategories, newId } from "./brands-categories";
import { CURSOR_KEY } from "./cursor";
import { replaceProductCountries, upsertProducts, type ProductWrite } from "./upsert-products";
import { restAfter } from "./apply-pace";
import { findVanished, unlistIds, unlistRemoved } from "./unlist";
import { commitCatalogChange, hasPendingScopes, markScopesPending } from "./catalog-version";
import { notifyCatalogChanged } from "./cache/page-invalidation";
import { changedScopes } from "./scopes";

type Tx = Prisma.TransactionClient;
export type ApplyResult = { added: number; updated: number; removed: number };
export type ApplyOptions = { chunk?: number; rest?: (tookMs: number) => Promise<void> };

/** Products per chunk: one multi-row upsert, a few tens of milliseconds on SQLite. */
const CHUNK = 200;
const txOptions = { timeout: 120_000, maxWait: 30_000 };

/** Applies the staged rows of `runId`; a full run also unlists every listed SKU its listing lacked. */
export async function applyStagedRun(
  runId: string,
  kind: "full" | "delta",
  cursorTo: string | null,
  now: Date = new Date(),
  opts: ApplyOptions = {},
): Promise<ApplyResult> {
  const rules = await loadPricingRules();
  const removedRows = await db.syncStagedItem.findMany({
    where: { syncRunId: runId, kind: "removed" },
    select: { payload: true },
  });
  const removed = removedRows.map((r) => JSON.parse(r.payload) as RemovedEntry);
  const removedAt = new Map(removed.map((r) => [r.itemCode, Date.parse(r.updatedAt)]));
  let added = 0;
  let updated = 0;
  for (let after = ""; ;) {
    const rows = await db.syncStagedItem.findMany({
      where: { syncRunId: runId, kind: "product", id: { gt: after } },
      orderBy: { id: "asc" },
      take: opts.chunk ?? CHUNK,
      select: { id: true, payload: true },
    });
    if (rows.length === 0) break;
    after = rows[rows.length - 1].id;
    // A code both removed and listed in one delta: the newer fact wins (rename and back, republish).
    const products = rows
      .map((r) => JSON.parse(r.payload) as UpstreamProduct)
      .filter((p) => !((removedAt.get(p.itemCode) ?? Number.NEGATIVE_INFINITY) > Date.parse(p.updatedAt)));
    const mapped = products.map((p) => ({
      cols: mapUpstreamProduct(p, rules),
      countries: [...new Set(p.countryCode)],
      names: { brand: p.brand, category: p.category },
    }));
    const started = performance.now();
    const counts = await db.$transaction((tx) => applyChunk(tx, mapped, now), txOptions);
    added += counts.added;
    updated += counts.updated;
    await (opts.rest ?? restAfter)(performance.now() - started);
  }
  const vanished = kind === "full" ? await findVanished(runId) : [];
  const result = await db.$transaction(async (tx) => {
    const unlisted = kind === "full" ? await unlistIds(tx, vanished, now) : await unlistRemoved(tx, removed, now);
    await saveCursor(tx, cursorTo);
    // An idle run changes nothing shoppers see: what was derived from the catalog stays valid
    // (unless a crashed run's chunks left scopes pending: this switch commits them).
    if (added + updated + unlisted.count > 0 || (await hasPendingScopes(tx)))
      await commitCatalogChange(tx, unlisted.scopes);
    return { added, updated, removed: unlisted.count };
  }, txOptions);
  await notifyCatalogChanged();
  return result;
}

type Mapped = {
  cols: ReturnType<typeof mapUpstreamProduct>;
  countries: string[];
  names: { brand: string; category: string };
};

const existingSelect = {
  id: true,
  itemCode: true,
  listed: true,
  upstreamUpdatedAt: true,
  shopPrice: true,
  brandId: true,
  categoryId: true,
  imageUrl: true,
  familySlug: true,
  productType: true,
} as const;

/** Writes one chunk: inserts new SKUs, overwrites changed ones (relisting them) and their countries. */
async function applyChunk(tx: Tx, mapped: Mapped[], now: Date): Promise<{ added: number; updated: number }> {
  const refs = await ensureBrandsAndCategories(
    tx,
    mapped.map((m) => m.names),
  );
  const existing = await tx.product.findMany({
    where: { itemCode: { in: mapped.map((m) => m.cols.itemCode) } },
    select: existingSelect,
  });
  const byCode = new Map(existing.map((e) => [e.itemCode, e]));
  const creates: ProductWrite[] = [];
  const updates: ProductWrite[] = [];
  const countries: { productId: string; countryCode: string }[] = [];
  const touched = new Set<string>();
  for (const { cols, countries: codes, names } of mapped) {
    const brandId = refs.brandId(names.brand);
    const categoryId = refs.categoryId(names.category);
    const ex = byCode.get(cols.itemCode);
    const id = ex?.id ?? newId();
    const after = {
      productType: cols.productType as string,
      brandId,
      categoryId,
      familySlug: cols.familySlug as string,
    };
    if (!ex) creates.push({ id, data: { ...cols, brandId, categoryId } });
    else {
      const changed =
        !ex.listed ||
        ex.upstreamUpdatedAt.getTime() !== (cols.upstreamUpdatedAt as Date).getTime() ||
        !ex.shopPrice.equals(cols.shopPrice as Prisma.Decimal) ||
        ex.brandId !== brandId ||
        ex.categoryId !== categoryId ||
        // Derived or presentational columns an upstream may change without a new updated_at.
        ex.imageUrl !== cols.imageUrl ||
        ex.familySlug !== cols.familySlug;
      if (!changed) continue;
      updates.push({ id, data: { ...cols, brandId, categoryId } });
    }
    // What shoppers see of this product's type, brand, category and family (before and after) changes.
    for (const k of changedScopes([ex, after])) touched.add(k);
    for (const countryCode of codes) countries.push({ productId: id, countryCode });
  }
  await upsertProducts(tx, [...creates, ...updates], now);
  await replaceProductCountries(
    tx,
    updates.map((u) => u.id),
    countries,
  );
  await markScopesPending(tx, touched);
  return { added: creates.length, updated: updates.length };
}

/** Moves the delta cursor forward only (never back), inside the switching transaction. */
async function saveCursor(tx: Tx, cursorTo: string | null): Promise<void> {
  if (!cursorTo) return;
  const current = await tx.setting.findUnique({ where: { key: CURSOR_KEY } });
  if (current && Date.parse(current.value) >= Date.parse(cursorTo)) return;
  await tx.setting.upsert({
    where: { key: CURSOR_KEY },
    create: { key: CURSOR_KEY, value: cursorTo },
    update: { value: cursorTo },
  });
}
