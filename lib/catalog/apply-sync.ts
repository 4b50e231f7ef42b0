// Applies one run's staged pages to the catalog in ONE transaction, so shoppers see the old
// catalog or the new one, never a mix. Writes are batched (createMany in chunks, updateMany
// by id lists) and only rows that changed are updated, so 50,000 SKUs apply in seconds.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { loadPricingRules } from "@/lib/pricing/rules";
import type { RemovedEntry, UpstreamProduct } from "@/lib/upstream/types";
import { mapUpstreamProduct } from "./map-product";
import { ensureBrandsAndCategories, newId } from "./brands-categories";
import { bumpCatalogVersion } from "./catalog-version";
import { CURSOR_KEY } from "./cursor";
import { replaceProductCountries, upsertProducts, type ProductWrite } from "./upsert-products";

const CHUNK = 400;
type Tx = Prisma.TransactionClient;
export type ApplyResult = { added: number; updated: number; removed: number };

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function readStaged(runId: string): Promise<{ products: UpstreamProduct[]; removed: RemovedEntry[] }> {
  const rows = await db.syncStagedItem.findMany({ where: { syncRunId: runId }, select: { kind: true, payload: true } });
  const products: UpstreamProduct[] = [];
  const removed: RemovedEntry[] = [];
  for (const r of rows) {
    if (r.kind === "product") products.push(JSON.parse(r.payload) as UpstreamProduct);
    else removed.push(JSON.parse(r.payload) as RemovedEntry);
  }
  return { products, removed };
}

/** Applies staged rows of `runId`; a full run also unlists every SKU missing from the listing. */
export async function applyStagedRun(
  runId: string,
  kind: "full" | "delta",
  cursorTo: string | null,
  now: Date = new Date(),
): Promise<ApplyResult> {
  const staged = await readStaged(runId);
  const rules = await loadPricingRules();
  // A code both removed and listed in one delta: the newer fact wins (rename and back, republish).
  const removedAt = new Map(staged.removed.map((r) => [r.itemCode, Date.parse(r.updatedAt)]));
  const listedProducts = staged.products.filter(
    (p) => !(removedAt.has(p.itemCode) && removedAt.get(p.itemCode)! > Date.parse(p.updatedAt)),
  );
  const mapped = listedProducts.map((p) => ({ cols: mapUpstreamProduct(p, rules), countries: [...new Set(p.countryCode)] }));

  return db.$transaction(
    async (tx) => {
      const refs = await ensureBrandsAndCategories(tx, listedProducts);
      // A full run needs every row (to unlist what vanished); a delta only the codes it touched.
      const codes = kind === "full" ? null : [...new Set([...staged.products, ...staged.removed].map((r) => r.itemCode))];
      const existing = await findExisting(tx, codes);
      const byCode = new Map(existing.map((e) => [e.itemCode, e]));
      const creates: ProductWrite[] = [];
      const updates: ProductWrite[] = [];
      const countries: { productId: string; countryCode: string }[] = [];

      for (const { cols, countries: codes } of mapped) {
        const brandId = refs.brandId(cols.brandName);
        const categoryId = refs.categoryId(cols.categoryName);
        const ex = byCode.get(cols.itemCode);
        if (!ex) {
          const id = newId();
          creates.push({ id, data: { ...cols, brandId, categoryId } });
          for (const countryCode of codes) countries.push({ productId: id, countryCode });
          continue;
        }
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
        updates.push({ id: ex.id, data: { ...cols, brandId, categoryId } });
        for (const countryCode of codes) countries.push({ productId: ex.id, countryCode });
      }

      const listedCodes = new Set(mapped.map((m) => m.cols.itemCode));
      const toUnlist =
        kind === "full"
          ? existing.filter((e) => e.listed && !listedCodes.has(e.itemCode))
          : staged.removed.flatMap((r) => {
              const ex = byCode.get(r.itemCode);
              return ex && ex.listed && !listedCodes.has(r.itemCode) ? [ex] : [];
            });

      await upsertProducts(tx, [...creates, ...updates], now);
      await replaceProductCountries(tx, updates.map((u) => u.id), countries);
      for (const batch of chunks(toUnlist.map((e) => e.id))) {
        await tx.product.updateMany({ where: { id: { in: batch } }, data: { listed: false, removedAt: now } });
      }
      await saveCursor(tx, cursorTo);
      await bumpCatalogVersion(tx, now);
      return { added: creates.length, updated: updates.length, removed: toUnlist.length };
    },
    { timeout: 300_000, maxWait: 30_000 },
  );
}

const existingSelect = {
  id: true, itemCode: true, listed: true, upstreamUpdatedAt: true, shopPrice: true, brandId: true, categoryId: true, imageUrl: true, familySlug: true,
} as const;

async function findExisting(tx: Tx, codes: string[] | null) {
  if (codes === null) return tx.product.findMany({ select: existingSelect });
  const rows = [];
  for (const batch of chunks(codes)) rows.push(...(await tx.product.findMany({ where: { itemCode: { in: batch } }, select: existingSelect })));
  return rows;
}

/** Moves the delta cursor forward only (never back), inside the apply transaction. */
async function saveCursor(tx: Tx, cursorTo: string | null): Promise<void> {
  if (!cursorTo) return;
  const current = await tx.setting.findUnique({ where: { key: CURSOR_KEY } });
  if (current && Date.parse(current.value) >= Date.parse(cursorTo)) return;
  await tx.setting.upsert({ where: { key: CURSOR_KEY }, create: { key: CURSOR_KEY, value: cursorTo }, update: { value: cursorTo } });
}
