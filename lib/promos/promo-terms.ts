// What a promo code is, as data shared by the admin form (browser and server), checkout and the
// pure discount maths: its kinds, scopes and the shape staff enter. Money stays decimal strings.
import { z } from "zod";

export const promoKinds = ["percent", "amount"] as const;
export type PromoKind = (typeof promoKinds)[number];

/** What a code applies to: everything, or the listed product types, brands or item codes. */
export const promoScopes = ["all", "product_type", "brand", "sku"] as const;
export type PromoScope = (typeof promoScopes)[number];

export const promoScopeLabels: Record<PromoScope, string> = {
  all: "Every product",
  product_type: "Product types",
  brand: "Brands",
  sku: "Item codes",
};

/** Shoppers type codes in any case, with stray spaces; they are stored and matched upper-case. */
export function normalizePromoCode(raw: string): string {
  return raw.trim().toUpperCase();
}

export const promoCodePattern = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

const decimal = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount like 5 or 2.50");
const optionalCount = z
  .string()
  .trim()
  .regex(/^\d{0,7}$/, "Enter a whole number, or leave empty for no limit")
  .transform((v) => (v === "" ? null : Number(v)))
  .refine((v) => v === null || v >= 1, "At least 1, or empty for no limit");
/** `<input type="datetime-local">` in UTC, or empty. */
const optionalDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?)?$/, "Pick a date and time")
  .transform((v) => (v === "" ? null : new Date(`${v.length === 16 ? `${v}:00` : v}Z`)));

/** The admin form: create (no id) or edit. The code itself never changes once created. */
export const promoFormSchema = z
  .object({
    id: z.string().min(1).max(64).optional(),
    code: z
      .string()
      .transform(normalizePromoCode)
      .pipe(z.string().regex(promoCodePattern, "3–32 letters, digits, - or _, starting with a letter or digit")),
    description: z.string().trim().max(120).default(""),
    kind: z.enum(promoKinds),
    value: decimal,
    scope: z.enum(promoScopes),
    /** Comma- or newline-separated product type slugs, brand names or item codes. */
    scopeKeys: z.string().max(2000).default(""),
    startsAt: optionalDate.prefault(""),
    endsAt: optionalDate.prefault(""),
    maxUses: optionalCount.prefault(""),
    maxUsesPerShopper: optionalCount.prefault(""),
    active: z
      .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
      .default("")
      .transform((v) => v === "on" || v === "true"),
  })
  .strict()
  .transform((v) => ({ ...v, scopeKeys: splitScopeKeys(v.scopeKeys) }))
  .superRefine((v, ctx) => {
    const value = Number(v.value);
    if (value <= 0) ctx.addIssue({ code: "custom", path: ["value"], message: "Must be more than 0" });
    if (v.kind === "percent" && value > 100)
      ctx.addIssue({ code: "custom", path: ["value"], message: "A percentage is at most 100" });
    if (v.scope !== "all" && v.scopeKeys.length === 0)
      ctx.addIssue({ code: "custom", path: ["scopeKeys"], message: "List at least one, or choose “Every product”" });
    if (v.scopeKeys.length > 50) ctx.addIssue({ code: "custom", path: ["scopeKeys"], message: "At most 50" });
    if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt)
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Must be after the start" });
  });
export type PromoForm = z.output<typeof promoFormSchema>;

/** "Steam, Xbox\nPlayStation" → ["Steam", "Xbox", "PlayStation"] (trimmed, no empties, no repeats). */
export function splitScopeKeys(raw: string): string[] {
  return [
    ...new Set(
      raw
        .split(/[,\n]/)
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ].map((k) => k.slice(0, 100));
}

/** The scope keys column (JSON text) as a list; anything unreadable is no keys. */
export function parseScopeKeys(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

/** What a shopper may send: a code to try (validated further against the database). */
export const promoInputSchema = z.string().max(40).transform(normalizePromoCode);
