// Main's offers (docs/suppliers.md#offers): each of main's catalog rows is its product and its
// offer, with main's own stock, read from the rows the catalog sync stored (no upstream call).
// One exception: when main lists a product that another supplier alone sold first (a product of
// `source` b with the same key, older than main's row), main's offer joins that product, whose URL
// stays, and main's own row is unlisted so the shop never shows the card twice
// (docs/suppliers.md#products-of-another-supplier-alone).
import "server-only";
import { db } from "@/lib/db";
import { MAIN_SUPPLIER } from "@/lib/upstream";
import { notifyCatalogChanged } from "../cache/page-invalidation";
import { commitCatalogChange } from "../catalog-version";
import { changedScopes } from "../scopes";
import { matchKey } from "./match";
import { markUnlistedGone, upsertOffers, type OfferRow } from "./write-offers";

const keyFacts = {
  itemCode: true,
  brandName: true,
  productType: true,
  region: true,
  faceValue: true,
  currency: true,
  createdAt: true,
} as const;

type Keyed = { itemCode: string; brandName: string; productType: string; region: string; currency: string };
const keyOf = (p: Keyed & { faceValue: { toString(): string } }) =>
  matchKey({ supplier: MAIN_SUPPLIER, ...p, faceValue: p.faceValue.toString() });

/** Keys held by exactly one row: only those can join (several alike rows stay apart, match.ts). */
function uniqueKeys<T extends Keyed & { faceValue: { toString(): string } }>(rows: T[]): Map<string, T> {
  const seen = new Map<string, T | null>();
  for (const r of rows) {
    const k = keyOf(r);
    seen.set(k, seen.has(k) ? null : r);
  }
  return new Map([...seen].filter((e): e is [string, T] => e[1] !== null));
}

export async function syncMainOffers() {
  const products = await db.product.findMany({
    where: { source: MAIN_SUPPLIER },
    select: {
      ...keyFacts,
      id: true,
      listed: true,
      chargedPrice: true,
      mainInStock: true,
      removedAt: true,
      brandId: true,
      categoryId: true,
      familySlug: true,
    },
  });
  const others = uniqueKeys(await db.product.findMany({ where: { source: { not: MAIN_SUPPLIER } }, select: keyFacts }));
  const mains = uniqueKeys(products);
  const joined: (typeof products)[number][] = [];
  const rows: OfferRow[] = products.map((p) => {
    const key = keyOf(p);
    const first = others.get(key);
    const joins = first !== undefined && mains.get(key) === p && first.createdAt < p.createdAt;
    if (joins && p.listed) joined.push(p);
    return {
      itemCode: p.itemCode,
      productCode: joins ? first.itemCode : p.itemCode,
      unitCost: p.chargedPrice,
      currency: p.currency,
      inStock: p.mainInStock && p.removedAt === null,
    };
  });
  await upsertOffers(MAIN_SUPPLIER, rows);
  const gone = await markUnlistedGone(MAIN_SUPPLIER, new Set(rows.map((r) => r.itemCode)));
  if (joined.length > 0) {
    // Unlisted without removedAt: main still sells it (its stock stays its offer's); main's next
    // full sync lists the row again and the refresh after it unlists it again.
    await db.$transaction(async (tx) => {
      await tx.product.updateMany({ where: { id: { in: joined.map((p) => p.id) } }, data: { listed: false } });
      await commitCatalogChange(tx, changedScopes(joined));
    });
    await notifyCatalogChanged();
  }
  return {
    supplier: MAIN_SUPPLIER,
    stored: rows.length,
    unmatched: 0,
    gone,
    pages: 0,
    created: 0,
    joined: joined.length,
  };
}
