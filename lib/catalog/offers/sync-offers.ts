// Each supplier's catalog rows as offers (docs/suppliers.md#offers). Main's offers are its catalog
// rows already synced (main-offers.ts, no upstream call). Another supplier's catalog is read with
// its own client: whole, or only what changed since its own cursor (a delta, when it has one), and
// each row is placed with `placeOffers`: in the shop product with its key, where the owner put it
// by hand, or, when no shop product has its key, in a product of its own (own-products.ts). An
// offer the supplier no longer lists (absent from a whole read, or `removed` in a delta) stays,
// out of stock.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { getUpstream, listSupplierConfigs, MAIN_SUPPLIER, type UpstreamClient } from "@/lib/upstream";
import { acquireLease, releaseLease } from "../lease";
import { nextCatalogCursor } from "../next-cursor";
import { syncMainOffers } from "./main-offers";
import { matchKey, offerRef, ownProductCode, placeOffers, type OfferFacts } from "./match";
import { applyOfferStock } from "./offer-stock";
import { writeOwnProducts, type OwnProduct } from "./own-products";
import { readSupplierCatalog } from "./read-catalog";
import { markOffersRead, readSupplierCursor, saveSupplierCursor } from "./supplier-cursor";
import { markOffersGone, markUnlistedGone, upsertOffers, type OfferRow } from "./write-offers";

export type OfferSyncKind = "full" | "delta";
export type OfferSyncResult = {
  supplier: string;
  kind: OfferSyncKind;
  stored: number;
  /** Rows placed in no product: alike products the key cannot tell apart, or a refused code. */
  unmatched: number;
  /** Products of this supplier alone created or refreshed by this read. */
  created: number;
  gone: number;
  pages: number;
};
export type OfferSyncDeps = {
  client?: UpstreamClient;
  perPage?: number;
  /** "delta" reads what changed since the supplier's cursor; without a cursor it reads whole. */
  kind?: OfferSyncKind;
  now?: () => Date;
};

/**
 * The shop's products with their keys, oldest first: the oldest with a key keeps it (match.ts).
 * A row of main's joined into another supplier's older product (unlisted, yet not removed by main:
 * main-offers.ts) is not a product of its own.
 */
async function keyedProducts() {
  const products = await db.product.findMany({
    where: { NOT: { source: MAIN_SUPPLIER, listed: false, removedAt: null } },
    orderBy: { createdAt: "asc" },
    select: { itemCode: true, brandName: true, productType: true, region: true, faceValue: true, currency: true },
  });
  return products.map((p) => ({
    id: p.itemCode,
    matchKey: matchKey({ supplier: MAIN_SUPPLIER, ...p, faceValue: p.faceValue.toString() }),
  }));
}

/** Stores one supplier's catalog as its offers, matched to the shop's products. */
export async function syncSupplierOffers(supplier: string, deps: OfferSyncDeps = {}): Promise<OfferSyncResult> {
  if (supplier === MAIN_SUPPLIER) {
    const main = await syncMainOffers();
    await markOffersRead(supplier, (deps.now ?? (() => new Date()))());
    return { kind: "full", ...main };
  }
  const now = deps.now ?? (() => new Date());
  const startedAt = now();
  const cursor = deps.kind === "delta" ? await readSupplierCursor(supplier) : null;
  const kind: OfferSyncKind = cursor ? "delta" : "full";
  const read = await readSupplierCatalog(
    deps.client ?? getUpstream(supplier),
    deps.perPage ?? 100,
    cursor ?? undefined,
  );
  // A code both removed and listed in one delta: the newer fact wins.
  const removedAt = new Map(read.removed.map((r) => [r.itemCode, Date.parse(r.updatedAt)]));
  const catalog = read.rows.filter((p) => !((removedAt.get(p.itemCode) ?? -Infinity) > Date.parse(p.updatedAt)));
  const linked = new Map(
    (await db.offer.findMany({ where: { supplier, byHand: true }, select: { itemCode: true, productCode: true } })).map(
      (o) => [offerRef({ supplier, itemCode: o.itemCode }), o.productCode],
    ),
  );
  const facts: OfferFacts[] = catalog.map((p) => ({
    supplier,
    itemCode: p.itemCode,
    brandName: p.brand,
    productType: p.productType,
    region: p.region,
    faceValue: p.faceValue,
    currency: p.currency,
  }));
  const placed = placeOffers(await keyedProducts(), facts, { linked, unlinked: new Set() });
  // A new product's offers share its key; the first of them names it (`<supplier>-<itemCode>`).
  const codeOfKey = new Map<string, string>();
  const productOf = new Map<string, string>();
  const own: OwnProduct[] = [];
  catalog.forEach((row, i) => {
    const pl = placed[i];
    if ("productId" in pl) {
      productOf.set(row.itemCode, pl.productId);
      if (pl.productId === ownProductCode(facts[i])) own.push({ code: pl.productId, row });
      return;
    }
    // Alike products the key cannot tell apart: the offer waits for the owner (match.ts).
    if (pl.newProductKey.startsWith("offer|")) return;
    let code = codeOfKey.get(pl.newProductKey);
    if (code === undefined) {
      code = ownProductCode(facts[i]);
      codeOfKey.set(pl.newProductKey, code);
      own.push({ code, row });
    }
    productOf.set(row.itemCode, code);
  });
  const { written, refused } = await writeOwnProducts(supplier, own, now());
  const rows: OfferRow[] = catalog
    .filter((p) => productOf.has(p.itemCode) && !refused.includes(productOf.get(p.itemCode)!))
    .map((p) => ({
      itemCode: p.itemCode,
      productCode: productOf.get(p.itemCode)!,
      unitCost: new Prisma.Decimal(p.chargedPrice),
      currency: p.currency,
      inStock: p.inStock && p.isActive,
    }));
  await upsertOffers(supplier, rows);
  const gone =
    kind === "full"
      ? await markUnlistedGone(supplier, new Set(rows.map((r) => r.itemCode)))
      : await markOffersGone(
          supplier,
          read.removed.filter((r) => !catalog.some((p) => p.itemCode === r.itemCode)).map((r) => r.itemCode),
        );
  await saveSupplierCursor(supplier, nextCatalogCursor(cursor, read.latestSeenMs, startedAt));
  await markOffersRead(supplier, now());
  if (refused.length > 0) log.warn({ supplier, refused }, "offers: a product code is taken by another source");
  return {
    supplier,
    kind,
    stored: rows.length,
    unmatched: catalog.length - rows.length,
    created: written.length,
    gone,
    pages: read.pages,
  };
}

const OFFERS_LEASE = "catalog.offers";

/**
 * Every configured supplier's offers when the shop has more than one supplier (a shop with main
 * alone routes nothing and stores none), then the stock the shop shows. After main's full sync
 * every other supplier is read whole; after a delta, each reads what changed since its cursor.
 * One process at a time.
 */
export async function syncAllOffers(now: Date = new Date(), kind: OfferSyncKind = "full"): Promise<OfferSyncResult[]> {
  const suppliers = listSupplierConfigs().map((s) => s.name);
  if (suppliers.length < 2) return [];
  const lease = await acquireLease(OFFERS_LEASE, 10 * 60_000, now);
  if (!lease) return [];
  try {
    const results: OfferSyncResult[] = [];
    for (const supplier of suppliers) {
      try {
        results.push(await syncSupplierOffers(supplier, { kind, now: () => now }));
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

/** What follows a catalog sync that succeeded, wherever it was started (scheduler, "Sync now"). */
export async function afterCatalogSync(run: { status: string; kind: string }): Promise<void> {
  if (run.status !== "succeeded") return;
  try {
    await syncAllOffers(new Date(), run.kind === "full" ? "full" : "delta");
  } catch (err) {
    log.warn({ err, kind: run.kind }, "offers: not refreshed after the catalog sync; they stay as they were");
  }
}
