import "server-only";
// control.publishChanges: mutates the catalog the way the upstream's staff would, stamping
// updated_at so delta sync (spec 4.4 rules 2–5) sees renames, unpublished SKUs, prices, new SKUs.
import type { Ctx } from "./context";
import { parseCents } from "./money";
import { encodeCountries, getProduct, parseExtra, prepareProductInsert, type ProductRow } from "./product-row";
import type { ProductChange, PublishChanges } from "./types";

function markRemoved(ctx: Ctx, itemCode: string, now: number): void {
  ctx.db
    .prepare(
      "INSERT INTO removed_products (item_code, updated_at_ms) VALUES (?, ?) ON CONFLICT(item_code) DO UPDATE SET updated_at_ms = excluded.updated_at_ms",
    )
    .run(itemCode, now);
}

function withPrice(row: ProductRow, priceCents: number): ProductRow {
  const offer = parseExtra(row).offer_percent;
  const charged = offer === null ? priceCents : Math.round((priceCents * (100 - offer)) / 100);
  return { ...row, price_cents: priceCents, charged_cents: charged };
}

function buildAdded(ctx: Ctx, change: ProductChange, now: number): ProductRow {
  const template = ctx.db
    .prepare("SELECT * FROM products WHERE listed = 1 AND product_type = 'gift_card' ORDER BY seq LIMIT 1")
    .get() as ProductRow;
  const seq = (ctx.db.prepare("SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM products").get() as { n: number }).n;
  const extra = { ...parseExtra(template), offer_percent: null, offer_expires_date: null };
  let row: ProductRow = {
    ...template,
    item_code: change.itemCode,
    seq,
    brand: change.brand ?? template.brand,
    product_name: change.productName ?? `${change.brand ?? template.brand} ${change.itemCode}`,
    face_value: change.faceValue ?? template.face_value,
    currency: change.currency ?? template.currency,
    category: change.category ?? template.category,
    product_type: change.productType ?? template.product_type,
    country_codes: encodeCountries(extra.country_code),
    stock: change.stock ?? 1000,
    listed: 1,
    behavior: "instant",
    extra: JSON.stringify(extra),
    created_at_ms: now,
    updated_at_ms: now,
  };
  row = withPrice(row, change.price ? parseCents(change.price) : template.price_cents);
  return row;
}

/** Applies catalog changes at the current virtual time; returns every affected item code. */
export function applyCatalogChanges(ctx: Ctx, changes: PublishChanges): string[] {
  const now = ctx.now();
  const insert = prepareProductInsert(ctx.db);
  const affected = new Set<string>();
  const existing = (code: string) => {
    const p = getProduct(ctx.db, code);
    if (!p) throw new Error(`publishChanges: unknown item code ${code}`);
    return p;
  };
  ctx.db.transaction(() => {
    for (const [code, price] of Object.entries(changes.priceChanges ?? {})) {
      insert({ ...withPrice(existing(code), parseCents(price)), updated_at_ms: now });
      affected.add(code);
    }
    for (const [code, stock] of Object.entries(changes.stock ?? {})) {
      insert({ ...existing(code), stock: Math.max(0, Math.floor(stock)), updated_at_ms: now });
      affected.add(code);
    }
    for (const code of changes.unpublish ?? []) {
      insert({ ...existing(code), listed: 0, updated_at_ms: now });
      markRemoved(ctx, code, now);
      affected.add(code);
    }
    for (const [from, to] of Object.entries(changes.rename ?? {})) {
      const row = existing(from);
      ctx.db.prepare("DELETE FROM products WHERE item_code = ?").run(from);
      insert({ ...row, item_code: to, updated_at_ms: now });
      ctx.db.prepare("DELETE FROM removed_products WHERE item_code = ?").run(to);
      markRemoved(ctx, from, now);
      affected.add(from).add(to);
    }
    for (const change of changes.add ?? []) {
      insert(buildAdded(ctx, change, now));
      ctx.db.prepare("DELETE FROM removed_products WHERE item_code = ?").run(change.itemCode);
      affected.add(change.itemCode);
    }
  })();
  return [...affected];
}
