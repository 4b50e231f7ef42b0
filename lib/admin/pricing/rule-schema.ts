// The pricing rule form's schema: shared by the server action and the browser form, so both
// reject the same input. Money and percents stay decimal strings (never JS floats).
import { z } from "zod";

const decimal = (max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,4})?$/, "Enter a number like 8 or 2.50")
    .refine((v) => Number(v) <= max, `At most ${max}`);

export const ruleScopeOptions = ["global", "product_type", "brand", "sku"] as const;
export const roundingOptions = ["none", "0.99", "0.49", "0.95", "whole"] as const;

export const pricingRuleSchema = z
  .object({
    id: z.string().min(1).max(64).optional(),
    scope: z.enum(ruleScopeOptions),
    key: z.string().trim().max(200).default(""),
    markupPercent: decimal(1000),
    fixedFee: decimal(10_000),
    rounding: z.enum(roundingOptions),
    minMarginPercent: decimal(100),
    minMarginAmount: decimal(10_000),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.scope === "global" && v.key !== "")
      ctx.addIssue({ code: "custom", path: ["key"], message: "The global rule has no key." });
    if (v.scope !== "global" && v.key === "")
      ctx.addIssue({ code: "custom", path: ["key"], message: "Enter the product type, brand or SKU." });
  });
export type PricingRuleForm = z.infer<typeof pricingRuleSchema>;

export const deletePricingRuleSchema = z.object({ id: z.string().min(1).max(64) }).strict();
