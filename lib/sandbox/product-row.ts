import "server-only";
// A catalog row as stored, and its wire form (spec 2.1).
import type { Db } from "./store";
import { resolveImageUrl } from "./artwork";
import { centsToNumber } from "./money";

export type RequiredField = { key: string; label: string; type: "string"; required: boolean; max_length: number };

/** Rarely queried fields, stored as one JSON column. */
export type ProductExtra = {
  value_unit: string | null;
  denomination_unit: string;
  denomination_type: string;
  redemption_instructions: string;
  redemption_url: string | null;
  code_format: string;
  required_fields: RequiredField[];
  country_code: string[];
  image_url: string;
  description: string;
  terms: string | null;
  offer_percent: number | null;
  offer_expires_date: string | null;
};

export type ProductRow = {
  item_code: string;
  seq: number;
  brand: string;
  product_name: string;
  face_value: number;
  price_cents: number;
  charged_cents: number;
  currency: string;
  category: string;
  product_type: string;
  product_family: string | null;
  region: string;
  country_codes: string;
  delivery_type: string;
  stock: number;
  min_quantity: number;
  max_quantity: number;
  listed: number;
  behavior: string;
  extra: string;
  created_at_ms: number;
  updated_at_ms: number;
};

const columns = [
  "item_code",
  "seq",
  "brand",
  "product_name",
  "face_value",
  "price_cents",
  "charged_cents",
  "currency",
  "category",
  "product_type",
  "product_family",
  "region",
  "country_codes",
  "delivery_type",
  "stock",
  "min_quantity",
  "max_quantity",
  "listed",
  "behavior",
  "extra",
  "created_at_ms",
  "updated_at_ms",
] as const;

/** Prepared upsert for product rows (generation, publishChanges). */
export function prepareProductInsert(db: Db): (row: ProductRow) => void {
  const stmt = db.prepare(
    `INSERT OR REPLACE INTO products (${columns.join(", ")}) VALUES (${columns.map((c) => "@" + c).join(", ")})`,
  );
  return (row) => void stmt.run(row);
}

/** Countries are stored as "|US|CA|" so a LIKE finds one code inside the array. */
export function encodeCountries(codes: string[]): string {
  return `|${codes.join("|")}|`;
}

/** Reads a product row whether listed or not (callers decide what unlisted means). */
export function getProduct(db: Db, itemCode: string): ProductRow | undefined {
  return db.prepare("SELECT * FROM products WHERE item_code = ?").get(itemCode) as ProductRow | undefined;
}

/** The JSON column of rarely queried fields. */
export function parseExtra(row: ProductRow): ProductExtra {
  return JSON.parse(row.extra) as ProductExtra;
}

/** Top-up = any SKU that asks the buyer for fields (direct_top_up, and the TEST-TOPUP* SKUs). */
export function isTopUp(row: ProductRow): boolean {
  return row.product_type === "direct_top_up" || parseExtra(row).required_fields.length > 0;
}

/** The catalog row exactly as spec 2.1 lists it; generated artwork is served under `sandboxV1Base`'s origin. */
export function toProductJson(row: ProductRow, sandboxV1Base: string): Record<string, unknown> {
  const x = parseExtra(row);
  return {
    item_code: row.item_code,
    brand: row.brand,
    product_name: row.product_name,
    face_value: row.face_value,
    value: row.face_value,
    price: centsToNumber(row.price_cents),
    charged_price: centsToNumber(row.charged_cents),
    currency: row.currency,
    value_unit: x.value_unit,
    denomination_unit: x.denomination_unit,
    category: row.category,
    product_type: row.product_type,
    product_family: row.product_family,
    denomination_type: x.denomination_type,
    redemption_instructions: x.redemption_instructions,
    redemption_url: x.redemption_url,
    code_format: x.code_format,
    required_fields: x.required_fields,
    region: row.region,
    country_code: x.country_code,
    delivery_type: row.delivery_type,
    image_url: resolveImageUrl(x.image_url, sandboxV1Base),
    description: x.description,
    terms: x.terms,
    is_offer: x.offer_percent !== null,
    offer_percent: x.offer_percent,
    offer_expires_date: x.offer_expires_date,
    min_quantity: row.min_quantity,
    max_quantity: row.max_quantity,
    in_stock: row.stock > 0,
    is_active: true,
    created_at: new Date(row.created_at_ms).toISOString(),
    updated_at: new Date(row.updated_at_ms).toISOString(),
  };
}
