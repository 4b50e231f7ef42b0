// Zod schemas for sandbox request bodies and queries, and a safe JSON body reader.
import { z } from "zod";
import { errorState, orderListDefaults } from "@/lib/upstream/contract";
import { fail } from "./http";

const maxBodyBytes = 64 * 1024;

/** Reads a JSON object body; malformed, non-object, non-JSON content type or oversized → 422 validation_error. */
export async function readJsonBody(req: Request): Promise<Record<string, unknown>> {
  const type = req.headers.get("content-type");
  if (type && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw fail(422, "Content-Type must be application/json.", errorState.validationError);
  }
  const text = await req.text();
  if (text.length > maxBodyBytes) throw fail(422, "Request body is too large.", errorState.validationError);
  let parsed: unknown;
  try {
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw fail(422, "Malformed JSON body.", errorState.validationError);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw fail(422, "Request body must be a JSON object.", errorState.validationError);
  }
  return parsed as Record<string, unknown>;
}

/** Parses with a schema; any issue → 422 validation_error naming the first bad field. */
export function parseOr422<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  throw fail(
    422,
    `Validation error${field ? `: ${field}` : ""}: ${issue?.message ?? "invalid"}.`,
    errorState.validationError,
    field ? { field } : {},
  );
}

const itemCode = z.string().trim().min(1).max(100);
const quantity = z.number().int().safe();

export const checkBodySchema = z
  .object({ item_id: itemCode.optional(), item_code: itemCode.optional(), quantity: quantity.optional() })
  .strict()
  .refine((b) => b.item_id ?? b.item_code, { message: "item_id is required", path: ["item_id"] });

export const fieldsSchema = z.record(z.string().max(100), z.string().max(10_000));

export const validateFieldsBodySchema = z
  .object({ item_id: itemCode.optional(), item_code: itemCode.optional(), fields: fieldsSchema })
  .strict()
  .refine((b) => b.item_id ?? b.item_code, { message: "item_code is required", path: ["item_code"] });

export const purchaseBodySchema = z
  .object({
    item_id: itemCode.optional(),
    item_code: itemCode.optional(),
    quantity: quantity.optional(),
    fields: fieldsSchema.optional(),
    email: z.string().max(320).optional(),
  })
  .strict()
  .refine((b) => b.item_id ?? b.item_code, { message: "item_code is required", path: ["item_code"] });

const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const boolParam = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const catalogQuerySchema = z.object({
  page: intParam(1, 1_000_000).default(1),
  per_page: intParam(1, 100).default(50),
  sort_by: z.enum(["brand", "value", "category", "item_code"]).default("brand"),
  order: z.enum(["asc", "desc"]).default("asc"),
  item_id: z.string().max(100).optional(),
  item_code: z.string().max(100).optional(),
  product_type: z.string().max(50).optional(),
  include_test: boolParam.default(false),
  brand: z.string().max(255).optional(),
  q: z.string().max(255).optional(),
  region: z.string().max(50).optional(),
  currency: z.string().max(10).optional(),
  delivery_type: z.enum(["PHYSICAL", "DIGITAL", "BOTH"]).optional(),
  value_min: z.coerce.number().min(0).optional(),
  value_max: z.coerce.number().min(0).optional(),
  country_code: z.string().max(10).optional(),
  updated_since: z.iso.datetime({ offset: true }).optional(),
});
export type CatalogQuery = z.infer<typeof catalogQuerySchema>;

export const orderListQuerySchema = z.object({
  page: intParam(1, 1_000_000).default(1),
  per_page: intParam(1, 100).default(orderListDefaults.perPage),
  status: z.enum(["pending", "completed", "failed"]).optional(),
  sort_by: z.enum(["created_at", "amount", "status"]).default(orderListDefaults.sortBy),
  order: z.enum(["asc", "desc"]).default(orderListDefaults.order),
});

/** Query string → plain object, first value per key, empty values dropped. */
export function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of url.searchParams) if (!(k in out) && v !== "") out[k] = v;
  return out;
}
