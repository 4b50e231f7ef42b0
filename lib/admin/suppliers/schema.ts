// What an owner may send to edit a supplier's settings; the same schema validates the form in the browser.
import { z } from "zod";

export const supplierSettingsSchema = z
  .object({
    name: z.string().min(1).max(16),
    label: z
      .string()
      .transform((s) => s.replace(/\s+/g, " ").trim())
      .pipe(z.string().min(1, "Enter a label.").max(60, "At most 60 characters.")),
    priority: z.coerce
      .number({ error: "Enter a whole number." })
      .int("Enter a whole number.")
      .min(0, "At least 0.")
      .max(1000, "At most 1000."),
    enabled: z.boolean(),
  })
  .strict();
export type SupplierSettingsForm = z.input<typeof supplierSettingsSchema>;
