// Each supplier's catalog rows as offers (docs/suppliers.md#offers). Main's offers are its catalog
// rows already synced (no upstream call); another supplier's catalog is read whole, page by page,
// with its own client, and each row is placed in a shop product with `placeOffers` — the product
// (main's row, its stable URL) with the same brand, type, region and face value. A row of that
// supplier no longer listed keeps its offer, out of stock. Rows that match no shop product are
// counted, not stored: a product of another supplier alone is not created yet.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import {
  getUpstream,
  listSupplierConfigs,
  MAIN_SUPPLIER,
  type UpstreamClient,
  type UpstreamProduct,
} from "@/lib/upstream";
import { acquireLease, releaseLease } from "../lease";
import { applyOfferStock } from "./offer-stock";
import { matchKey, offerRef, placeOffers, type OfferFacts } from "./match";

export type OfferSyncResult = { supplier: string; stored: number; unmatched: number; gone: number; pages: number };

type OfferRow = { itemCode: string; productCode: string; unitCost: Prisma.Decimal; currency: string; inStock: boolean };

async function writeOffers(supplier: string, rows: OfferRow[]): Promise<number> {
  for (const r of rows)
    await db.offer.upsert({
      where: { supplier_itemCode: { supplier, itemCode: r.itemCode } },
      create: { supplier, ...r },
      update: { productCode: r.productCode, unitCost: r.unitCost, currency: r.currency, inStock: r.inStock },
    });
  // An offer this full read did not list has left the supplier's catalog: out of stock there.
  const listed = new Set(rows.map((r) => r.itemCode));
  const held = await db.offer.findMany({ where: { supplier, inStock: true }, select: { itemCode: true } });
  const gone = held.map((o) => o.itemCode).filter((code) => !listed.has(code));
  for (let i = 0; i < gone.length; i += 500)
    await db.offer.updateMany({
      where: { supplier, itemCode: { in: gone.slice(i, i + 500) } },
      data: { inStock: false },
    });
  return gone.length;
}

/** Main's offers: each of its catalog rows is the product and its offer, with main's own stock. */
async function syncMainOffers(): Promise<OfferSyncResult> {
  const products = await db.product.findMany({
    select: { itemCode: true, chargedPrice: true, currency: true, mainInStock: true, removedAt: true },
  });
  const rows = products.map((p) => ({
    itemCode: p.itemCode,
    productCode: p.itemCode,
    unitCost: p.chargedPrice,
    currency: p.currency,
    inStock: p.mainInStock && p.removedAt === null,
  }));
  const gone = await writeOffers(MAIN_SUPPLIER, rows);
  return { supplier: MAIN_SUPPLIER, stored: rows.length, unmatched: 0, gone, pages: 0 };
}

async function readWholeCatalog(client: UpstreamClient, perPage: number) {
  const rows: UpstreamProduct[] = [];
  for (let page = 1; ; page++) {
    const p = await client.catalog({ page, perPage, includeTest: true }, { priority: "poll" });
    rows.push(...p.products);
    if (page >= p.pagination.lastPage || p.products.length === 0) return { rows, pages: page };
  }
}

/** Stores one supplier's catalog as its offers, matched to the shop's products. */
export async function syncSupplierOffers(
  supplier: string,
  deps: { client?: UpstreamClient; perPage?: number } = {},
): Promise<OfferSyncResult> {
  if (supplier === MAIN_SUPPLIER) return syncMainOffers();
  const { rows: catalog, pages } = await readWholeCatalog(deps.client ?? getUpstream(supplier), deps.perPage ?? 100);
  // Products oldest first: the oldest with a key keeps it (match.ts).
  const products = await db.product.findMany({
    orderBy: { createdAt: "asc" },
    select: { itemCode: true, brandName: true, productType: true, region: true, faceValue: true, currency: true },
  });
  const existing = products.map((p) => ({
    id: p.itemCode,
    matchKey: matchKey({ supplier: MAIN_SUPPLIER, ...p, faceValue: p.faceValue.toString() }),
  }));
  const facts: OfferFacts[] = catalog.map((p) => ({
    supplier,
    itemCode: p.itemCode,
    brandName: p.brand,
    productType: p.productType,
    region: p.region,
    faceValue: p.faceValue,
    currency: p.currency,
  }));
  const placed = new Map(placeOffers(existing, facts).map((pl) => [pl.offer, pl]));
  const rows: OfferRow[] = [];
  for (const p of catalog) {
    const pl = placed.get(offerRef({ supplier, itemCode: p.itemCode }));
    if (!pl || !("productId" in pl)) continue;
    rows.push({
      itemCode: p.itemCode,
      productCode: pl.productId,
      unitCost: new Prisma.Decimal(p.chargedPrice),
      currency: p.currency,
      inStock: p.inStock && p.isActive,
    });
  }
  const gone = await writeOffers(supplier, rows);
  return { supplier, stored: rows.length, unmatched: catalog.length - rows.length, gone, pages };
}

const OFFERS_LEASE = "catalog.offers";

/**
 * Every configured supplier's offers, after a full catalog sync, when the shop has more than one
 * supplier (a shop with main alone routes nothing and stores none). One process at a time.
 */
export async function syncAllOffers(now: Date = new Date()): Promise<OfferSyncResult[]> {
  const suppliers = listSupplierConfigs().map((s) => s.name);
  if (suppliers.length < 2) return [];
  const lease = await acquireLease(OFFERS_LEASE, 10 * 60_000, now);
  if (!lease) return [];
  try {
    const results: OfferSyncResult[] = [];
    for (const supplier of suppliers) {
      try {
        results.push(await syncSupplierOffers(supplier));
      } catch (err) {
        log.warn({ err, supplier }, "offers: a supplier's catalog could not be read; its offers stay as they were");
      }
    }
    // What the shop shows follows its offers (docs/suppliers.md#offers).
    await applyOfferStock();
    return results;
  } finally {
    await releaseLease(lease).catch(() => undefined);
  }
}

/**
 * After a delta sync, when the shop has more than one supplier: main's offers follow its catalog
 * rows (no upstream call) and the shown stock follows the offers again, since the sync wrote
 * main's stock into the rows it changed. Other suppliers' offers wait for the next full read.
 */
export async function refreshMainOffers(now: Date = new Date()): Promise<void> {
  if (listSupplierConfigs().length < 2) return;
  const lease = await acquireLease(OFFERS_LEASE, 10 * 60_000, now);
  if (!lease) return;
  try {
    await syncMainOffers();
    await applyOfferStock();
  } finally {
    await releaseLease(lease).catch(() => undefined);
  }
}

/** What follows a catalog sync that succeeded, wherever it was started (scheduler, "Sync now"). */
export async function afterCatalogSync(run: { status: string; kind: string }): Promise<void> {
  if (run.status !== "succeeded") return;
  try {
    if (run.kind === "full") await syncAllOffers();
    else await refreshMainOffers();
  } catch (err) {
    log.warn({ err, kind: run.kind }, "offers: not refreshed after the catalog sync; they stay as they were");
  }
}
