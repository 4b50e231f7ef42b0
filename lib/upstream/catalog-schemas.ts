// Output schemas of GET /catalog (spec 2.1, 2.3–2.5, 4.4): tolerant of nullable and omitted
// fields and of unknown extra fields; `removed` is kept only when the upstream sent it.
import { z } from "zod";
import { decimal, int, nullableDecimal, nullableString, pageNumbers, text } from "./schema-primitives";
import type { CatalogPage, UpstreamProduct } from "./types";

export const requiredFieldSchema = z
  .object({
    key: z.string(),
    label: z.string().nullish(),
    type: z.string().nullish(),
    required: z.boolean().nullish(),
    max_length: z.number().int().nullish(),
  })
  .transform((f) => ({
    key: f.key,
    label: f.label ?? f.key,
    type: f.type ?? "string",
    required: f.required ?? true,
    maxLength: f.max_length ?? 255,
  }));

export const productSchema = z
  .object({
    item_code: z.string(),
    brand: z.string(),
    product_name: z.string(),
    face_value: decimal,
    value: decimal.nullish(),
    price: decimal,
    charged_price: decimal.nullish(),
    currency: z.string(),
    value_unit: nullableString,
    denomination_unit: text,
    category: text,
    product_type: z.string(),
    product_family: nullableString,
    denomination_type: text,
    redemption_instructions: text,
    redemption_url: nullableString,
    code_format: text,
    required_fields: z
      .array(requiredFieldSchema)
      .nullish()
      .transform((v) => v ?? []),
    region: text,
    country_code: z
      .union([z.array(z.string()), z.string()])
      .nullish()
      .transform((v) => (v == null ? [] : Array.isArray(v) ? v : [v])),
    delivery_type: text,
    image_url: text,
    description: text,
    terms: nullableString,
    is_offer: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    offer_percent: nullableDecimal,
    offer_expires_date: nullableString,
    min_quantity: int.nullish().transform((v) => v ?? 1),
    max_quantity: int.nullish().transform((v) => v ?? 100),
    in_stock: z.boolean(),
    is_active: z
      .boolean()
      .nullish()
      .transform((v) => v ?? true),
    created_at: text,
    updated_at: z.string(),
  })
  .transform((p): UpstreamProduct => ({
    itemCode: p.item_code,
    brand: p.brand,
    productName: p.product_name,
    faceValue: p.face_value,
    value: p.value ?? p.face_value,
    price: p.price,
    chargedPrice: p.charged_price ?? p.price,
    currency: p.currency,
    valueUnit: p.value_unit,
    denominationUnit: p.denomination_unit,
    category: p.category,
    productType: p.product_type,
    productFamily: p.product_family,
    denominationType: p.denomination_type,
    redemptionInstructions: p.redemption_instructions,
    redemptionUrl: p.redemption_url,
    codeFormat: p.code_format,
    requiredFields: p.required_fields,
    region: p.region,
    countryCode: p.country_code,
    deliveryType: p.delivery_type,
    imageUrl: p.image_url,
    description: p.description,
    terms: p.terms,
    isOffer: p.is_offer,
    offerPercent: p.offer_percent,
    offerExpiresDate: p.offer_expires_date,
    minQuantity: p.min_quantity,
    maxQuantity: p.max_quantity,
    inStock: p.in_stock,
    isActive: p.is_active,
    createdAt: p.created_at || p.updated_at,
    updatedAt: p.updated_at,
  }));

export const catalogPageSchema = z
  .object({
    products: z.array(productSchema),
    pagination: z.object({ ...pageNumbers, next_page_url: nullableString, prev_page_url: nullableString }),
    removed: z.array(z.object({ item_code: z.string(), updated_at: z.string() })).nullish(),
  })
  .transform((d): CatalogPage => {
    const pg = d.pagination;
    const page: CatalogPage = {
      products: d.products,
      pagination: {
        total: pg.total,
        perPage: pg.per_page,
        currentPage: pg.current_page,
        lastPage: pg.last_page,
        nextPageUrl: pg.next_page_url,
        prevPageUrl: pg.prev_page_url,
      },
    };
    if (d.removed) page.removed = d.removed.map((r) => ({ itemCode: r.item_code, updatedAt: r.updated_at }));
    return page;
  });
