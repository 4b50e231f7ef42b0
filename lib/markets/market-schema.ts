// The market form's schema, shared by the owners' server action and the browser form so both
// refuse the same input (docs/markets.md#the-model). Decimals stay strings, never JS floats.
import { z } from "zod";
import { Decimal } from "@/lib/pricing/decimal";
import { roundingKinds, roundingProblem, toRoundingRule } from "./rounding";

/** The languages the shop ships (BCP 47); English is every catalog's fallback. */
export const shippedLanguages = ["en", "id", "es", "pt-BR", "ar"] as const;
export type ShippedLanguage = (typeof shippedLanguages)[number];
export const rateSources = ["manual", "feed"] as const;

const numberLike = /^-?\d+(\.\d+)?$/;

const decimal = (label: string, min: string, max: string, signed = false) =>
  z
    .string()
    .trim()
    .regex(signed ? /^-?\d{1,9}(\.\d{1,8})?$/ : /^\d{1,9}(\.\d{1,8})?$/, `Enter a number like ${label}`)
    // Zod runs this check even when the pattern failed: only a number that parses is compared.
    .refine(
      (v) => !numberLike.test(v) || (new Decimal(v).gte(min) && new Decimal(v).lte(max)),
      `From ${min} to ${max}`,
    );

/** "id, my" or ["ID"] → ["ID", "MY"]: codes upper-cased, duplicates dropped. */
const codeList = (pattern: RegExp, message: string, upper: boolean) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,]+/)))
    .transform((list) => [
      ...new Set(
        list
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => (upper ? s.toUpperCase() : s)),
      ),
    ])
    .pipe(
      z
        .array(z.string())
        .max(60, "At most 60")
        .superRefine((list, ctx) => {
          const bad = list.filter((s) => !pattern.test(s));
          if (bad.length > 0) ctx.addIssue({ code: "custom", message: `${message} (not ${bad.join(", ")})` });
        }),
    );

export const marketFormSchema = z
  .object({
    id: z.string().min(1).max(64).optional(),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z]{2}(-[a-z0-9]{2,8})?$/, "Two lowercase letters (id, br), optionally a dash and a suffix (eu-west)"),
    name: z.string().trim().min(1, "Enter a name").max(80),
    countries: codeList(/^[A-Z]{2}$/, "Use two-letter country codes (ISO 3166), e.g. ID, MY", true),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, "A three-letter currency code (ISO 4217), e.g. IDR"),
    defaultLanguage: z.enum(shippedLanguages),
    otherLanguages: z.array(z.enum(shippedLanguages)).max(shippedLanguages.length).default([]),
    rateSource: z.enum(rateSources),
    manualRate: decimal("16250.5", "0.00000001", "999999999"),
    rateMaxAgeHours: z.coerce.number().int("Whole hours").min(1, "At least 1 hour").max(720, "At most 720 hours"),
    fxBufferPercent: decimal("2", "0", "50"),
    priceAdjustmentPercent: z
      .string()
      .trim()
      .transform((v) => (v === "" ? null : v))
      .pipe(decimal("-5 or 3", "-50", "100", true).nullable()),
    roundingKind: z.enum(roundingKinds),
    roundingValue: z
      .string()
      .trim()
      .transform((v) => (v === "" ? null : v))
      .pipe(decimal("500 or 0.90", "0", "1000000").nullable()),
    /** Empty: the market's countries' products plus global ones. */
    productRegions: codeList(/^[A-Z0-9_-]{2,20}$/, "Region codes as the catalog names them (US, EU, GLOBAL)", true),
    enabled: z.boolean(),
    isDefault: z.boolean(),
    position: z.coerce.number().int().min(0).max(1000).default(0),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.countries.length === 0 && !v.isDefault)
      ctx.addIssue({ code: "custom", path: ["countries"], message: "Name at least one country." });
    if (v.otherLanguages.includes(v.defaultLanguage))
      ctx.addIssue({ code: "custom", path: ["otherLanguages"], message: "The default language is already included." });
    if (v.roundingKind !== "none" && v.roundingValue === null)
      ctx.addIssue({ code: "custom", path: ["roundingValue"], message: "Enter the step or the ending." });
    const rule = toRoundingRule(v.roundingKind, v.roundingValue);
    const problem = rule && /^[A-Z]{3}$/.test(v.currency) ? roundingProblem(rule, v.currency) : null;
    if (problem) ctx.addIssue({ code: "custom", path: ["roundingValue"], message: problem });
    if (v.isDefault && !v.enabled)
      ctx.addIssue({ code: "custom", path: ["enabled"], message: "The default market is always enabled." });
  });
export type MarketForm = z.input<typeof marketFormSchema>;
export type MarketInput = z.output<typeof marketFormSchema>;

export const setMarketEnabledSchema = z.object({ id: z.string().min(1).max(64), enabled: z.boolean() }).strict();
