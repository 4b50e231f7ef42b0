import "server-only";
// Deterministic catalog generation from a seed: every product type, families of denominations,
// offers, low stock, top-ups with required fields, the TEST-* SKUs and a few never-published drafts.
import type { Db } from "./store";
import { artworkPath } from "./artwork";
import { brands, regions, testSkus, usdRate, type BrandDef, type TopUpField } from "./catalog-data";
import {
  encodeCountries,
  prepareProductInsert,
  type ProductExtra,
  type ProductRow,
  type RequiredField,
} from "./product-row";
import { createRng, type Rng } from "./rng";

const dayMs = 86_400_000;

function requiredFields(fields: TopUpField[] | undefined): RequiredField[] {
  return (fields ?? []).map((f) => ({ key: f.key, label: f.label, type: "string", required: true, max_length: 12 }));
}

function symbol(currency: string): string {
  return (
    ({ USD: "$", EUR: "€", GBP: "£", CAD: "CA$", AUD: "A$", BRL: "R$", INR: "₹" } as Record<string, string>)[
      currency
    ] ?? ""
  );
}

function buildRow(
  b: BrandDef,
  regionKey: string,
  denom: number,
  variant: number,
  seq: number,
  rng: Rng,
  now: number,
): ProductRow {
  const r = regions[regionKey];
  const topUp = b.productType === "direct_top_up";
  const suffix = variant > 0 ? `-V${variant + 1}` : "";
  const itemCode = `${b.code}-${regionKey}-${denom}${suffix}`;
  const label = topUp ? `${denom} ${b.unit}` : `${symbol(r.currency)}${denom}`;
  const factor = 0.88 + rng.next() * 0.14;
  const base = topUp ? denom * (b.unitCents ?? 1) : denom * usdRate[r.currency];
  const priceCents = Math.max(50, Math.round(base * factor));
  const offer = rng.chance(0.15) ? rng.int(3, 15) : null;
  const chargedCents = offer === null ? priceCents : Math.round((priceCents * (100 - offer)) / 100);
  const roll = rng.next();
  const stock = roll < 0.05 ? 0 : roll < 0.15 ? rng.int(1, 5) : rng.int(50, 5000);
  const created = now - rng.int(30, 400) * dayMs - rng.int(0, dayMs);
  const extra: ProductExtra = {
    value_unit: topUp ? (b.unit ?? null) : null,
    denomination_unit: topUp ? (b.unit ?? "units") : r.currency,
    denomination_type: "fixed",
    redemption_instructions: topUp
      ? `Credited directly to the ${b.brand} account you enter at checkout.`
      : `Redeem at ${b.brand}: sign in, open "Redeem a code" and enter the code.`,
    redemption_url: topUp ? null : `https://redeem.sandbox.test/${b.code.toLowerCase()}`,
    code_format: b.codeFormat,
    required_fields: requiredFields(b.fields),
    country_code: r.countries,
    image_url: artworkPath(b.code),
    description: `${b.brand} ${label} (${r.region}).`,
    terms: rng.chance(0.2) ? null : `Valid in ${r.region} only. Not refundable. Sandbox product.`,
    offer_percent: offer,
    offer_expires_date: offer === null ? null : new Date(now + rng.int(7, 60) * dayMs).toISOString().slice(0, 10),
  };
  return {
    item_code: itemCode,
    seq,
    brand: b.brand,
    product_name: `${b.brand} ${label}${variant > 0 ? ` (edition ${variant + 1})` : ""}`,
    face_value: denom,
    price_cents: priceCents,
    charged_cents: chargedCents,
    currency: r.currency,
    category: b.category,
    product_type: b.productType,
    product_family: `${b.brand} ${r.region}`,
    region: r.region,
    country_codes: encodeCountries(r.countries),
    delivery_type: b.deliveryType ?? "DIGITAL",
    stock,
    min_quantity: !topUp && rng.chance(0.05) ? 2 : 1,
    max_quantity: topUp ? 10 : rng.pick([100, 100, 50, 20, 10]),
    listed: 1,
    behavior: "instant",
    extra: JSON.stringify(extra),
    created_at_ms: created,
    updated_at_ms: created + rng.int(0, 20) * dayMs,
  };
}

function testRow(t: (typeof testSkus)[number], seq: number, now: number): ProductRow {
  const topUp = Boolean(t.fields);
  const extra: ProductExtra = {
    value_unit: null,
    denomination_unit: "USD",
    denomination_type: "fixed",
    redemption_instructions: "Sandbox test product.",
    redemption_url: null,
    code_format: topUp ? "none" : "alphanumeric",
    required_fields: requiredFields(t.fields),
    country_code: ["US"],
    image_url: artworkPath("test"),
    description: t.name,
    terms: null,
    offer_percent: null,
    offer_expires_date: null,
  };
  return {
    item_code: t.code,
    seq,
    brand: "Sandbox",
    product_name: t.name,
    face_value: 1,
    price_cents: 100,
    charged_cents: 100,
    currency: "USD",
    category: "Test",
    product_type: "test",
    product_family: "Sandbox tests",
    region: "US",
    country_codes: encodeCountries(["US"]),
    delivery_type: "DIGITAL",
    stock: t.stock,
    min_quantity: 1,
    max_quantity: 100,
    listed: 1,
    behavior: t.behavior,
    extra: JSON.stringify(extra),
    created_at_ms: now - 30 * dayMs,
    updated_at_ms: now - 30 * dayMs,
  };
}

/**
 * Another supplier's copy of a generated row (docs/suppliers.md#sandbox): the same product at a
 * price 10% either side, its stock sometimes gone or back, and about one in ten not carried at all
 * (null). Drawn from a generator of its own, so the base catalog stays the same for every supplier.
 */
export function variantRow(row: ProductRow, rng: Rng): ProductRow | null {
  const factor = 0.9 + rng.next() * 0.2;
  const stockRoll = rng.next();
  const carried = rng.next() >= 0.1;
  if (!carried) return null;
  const scale = (cents: number) => Math.max(50, Math.round(cents * factor));
  const stock = stockRoll < 0.1 ? (row.stock === 0 ? rng.int(50, 5000) : 0) : row.stock;
  return { ...row, price_cents: scale(row.price_cents), charged_cents: scale(row.charged_cents), stock };
}

/**
 * Fills an empty store with `size` generated SKUs plus the test SKUs and drafts, in one transaction.
 * `variant` (a seed) makes another supplier's catalog over the same products (variantRow).
 */
export function generateCatalog(db: Db, opts: { size: number; seed: number; now: number; variant?: number }): void {
  const rng = createRng(opts.seed);
  const variantRng = opts.variant === undefined ? null : createRng(opts.variant);
  const insert = prepareProductInsert(db);
  const combos = brands.flatMap((b) => b.regions.map((r) => ({ b, r })));
  db.transaction(() => {
    let seq = 0;
    for (let level = 0; seq < opts.size; level++) {
      for (const { b, r } of combos) {
        if (seq >= opts.size) break;
        const denom = b.denoms[level % b.denoms.length];
        const row = buildRow(b, r, denom, Math.floor(level / b.denoms.length), seq++, rng, opts.now);
        const offered = variantRng ? variantRow(row, variantRng) : row;
        if (offered) insert(offered);
      }
    }
    for (const t of testSkus) insert(testRow(t, seq++, opts.now));
    // Never published: in neither `products` nor `removed`.
    for (const b of brands.slice(0, 3)) {
      insert({ ...buildRow(b, b.regions[0], 75, 0, seq++, rng, opts.now), item_code: `DRAFT-${b.code}-75`, listed: 0 });
    }
  })();
}
