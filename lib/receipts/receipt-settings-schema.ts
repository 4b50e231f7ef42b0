// The receipt settings form's schema, shared by the server action and the browser form. The
// tax line is off by default (rate 0); prices include the tax when it is on.
import { z } from "zod";

export const receiptSettingsSchema = z
  .object({
    /** "VAT", "GST", "Sales tax": the word on the receipt's tax line. */
    taxLabel: z.string().trim().max(30).default(""),
    /** Percent included in prices; 0 = no tax line. */
    taxRatePercent: z
      .string()
      .trim()
      .regex(/^\d{1,2}(\.\d{1,2})?$/, "Enter a rate like 20 or 7.5, or 0 for no tax line"),
    /** The seller as a receipt names it: legal name, address, tax or company number (lines). */
    businessDetails: z.string().trim().max(500).default(""),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Number(v.taxRatePercent) > 0 && !v.taxLabel)
      ctx.addIssue({ code: "custom", path: ["taxLabel"], message: "Name the tax (e.g. VAT) to show its line" });
  });
export type ReceiptSettings = z.output<typeof receiptSettingsSchema>;

export const defaultReceiptSettings: ReceiptSettings = { taxLabel: "", taxRatePercent: "0", businessDetails: "" };
