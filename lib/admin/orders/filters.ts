// The orders list's filters and search, parsed from the URL (shared by the page and the CSV export).
import { z } from "zod";
import { orderStatuses } from "@/lib/orders/core/states";

const optional = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : undefined));
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .or(z.literal("").transform(() => undefined));

export const orderFiltersSchema = z.object({
  q: optional,
  state: z
    .enum(orderStatuses)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  email: optional,
  type: optional,
  from: day,
  to: day,
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type OrderFilters = z.infer<typeof orderFiltersSchema>;

/** Parses Next's searchParams (arrays keep their first value); bad values are dropped, not errors. */
export function parseOrderFilters(params: Record<string, string | string[] | undefined>): OrderFilters {
  const flat = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
  const parsed = orderFiltersSchema.safeParse(flat);
  if (parsed.success) return parsed.data;
  const loose: Record<string, unknown> = {};
  for (const key of Object.keys(orderFiltersSchema.shape) as (keyof typeof orderFiltersSchema.shape)[]) {
    const one = orderFiltersSchema.shape[key].safeParse(flat[key]);
    if (one.success) loose[key] = one.data;
  }
  return { page: 1, ...loose } as OrderFilters;
}

/** The filters as URL params (for pager links and the export link). */
export function filtersToParams(f: OrderFilters): Record<string, string | undefined> {
  return { q: f.q, state: f.state, email: f.email, type: f.type, from: f.from, to: f.to };
}
