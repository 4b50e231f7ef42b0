// Parses the browse/search URL (searchParams) into filters. Bad values are dropped, never thrown:
// a shared or hand-edited URL must always render a page.
import { z } from "zod";
import { deliveryTypeLabels } from "./product-types";

export const pageSize = 24;
/** The longest search a page reads; longer words are cut. */
export const maxSearchLength = 255;
export const sortValues = ["relevance", "price_asc", "price_desc", "value_asc", "value_desc", "brand"] as const;
export type SortValue = (typeof sortValues)[number];

type RawParams = Record<string, string | string[] | undefined>;

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
// A NUL byte cannot be stored or searched in PostgreSQL text: a value holding one is dropped. The
// proxy refuses such a query on most page requests (lib/http/malformed-path.ts), but not on those
// its matcher leaves out (prefetches), so the page's own parse does not rely on it.
const withoutNul = (v: unknown) => (typeof v === "string" && v.includes("\u0000") ? undefined : v);
const text = (max: number) =>
  z
    .preprocess((v) => withoutNul(first(v)), z.string().trim().max(max).optional().catch(undefined))
    .transform((v) => v || undefined);
const amount = z
  .preprocess(
    first,
    z
      .string()
      .trim()
      .regex(/^\d{1,12}(\.\d{1,4})?$/)
      .optional()
      .catch(undefined),
  )
  .transform((v) => v || undefined);

export const browseParamsSchema = z.object({
  q: z
    .preprocess((v) => {
      const s = withoutNul(first(v));
      return typeof s === "string" ? s.trim().slice(0, maxSearchLength) : undefined;
    }, z.string().optional().catch(undefined))
    .transform((v) => v || undefined),
  type: text(40),
  brand: text(200),
  region: text(100),
  currency: z
    .preprocess(
      first,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{3}$/)
        .optional()
        .catch(undefined),
    )
    .transform((v) => v?.toUpperCase()),
  country: z
    .preprocess(
      first,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/)
        .optional()
        .catch(undefined),
    )
    .transform((v) => v?.toUpperCase()),
  delivery: z.preprocess(
    first,
    z
      .enum(Object.keys(deliveryTypeLabels) as [keyof typeof deliveryTypeLabels])
      .optional()
      .catch(undefined),
  ),
  min: amount,
  max: amount,
  instock: z.preprocess(first, z.string().optional().catch(undefined)).transform((v) => v === "1" || v === "true"),
  sort: z.preprocess(first, z.enum(sortValues).optional().catch(undefined)),
  page: z
    .preprocess(first, z.coerce.number().int().min(1).max(10_000).optional().catch(undefined))
    .transform((v) => v ?? 1),
});

export type BrowseParams = z.infer<typeof browseParamsSchema>;

/** Never throws: every invalid parameter becomes "not set". */
export function parseBrowseParams(raw: RawParams): BrowseParams {
  return browseParamsSchema.parse(raw);
}

/** Serialises filters back into a query string (for pagination and "remove filter" links). */
export function toQueryString(params: Partial<BrowseParams>, overrides: Partial<BrowseParams> = {}): string {
  const merged = { ...params, ...overrides };
  const out = new URLSearchParams();
  for (const key of [
    "q",
    "type",
    "brand",
    "region",
    "currency",
    "country",
    "delivery",
    "min",
    "max",
    "sort",
  ] as const) {
    const v = merged[key];
    if (v) out.set(key, String(v));
  }
  if (merged.instock) out.set("instock", "1");
  if (merged.page && merged.page > 1) out.set("page", String(merged.page));
  const s = out.toString();
  return s ? `?${s}` : "";
}
