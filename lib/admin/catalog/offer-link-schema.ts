// The owner's link and unlink forms (docs/suppliers.md#owners-links), shared by the browser and the
// action: strict, so nothing but the offer and the product travels.
import { z } from "zod";

const offerRef = {
  supplier: z.string().trim().min(1, "Choose a supplier.").max(16),
  itemCode: z.string().trim().min(1, "Enter the supplier's item code.").max(200),
};

export const linkOfferSchema = z
  .object({
    ...offerRef,
    productCode: z.string().trim().min(1).max(200),
    /** The owner confirms joining a product of another face value or currency. */
    confirm: z.boolean().default(false),
  })
  .strict();
export type LinkOfferForm = z.input<typeof linkOfferSchema>;

export const unlinkOfferSchema = z.object(offerRef).strict();
