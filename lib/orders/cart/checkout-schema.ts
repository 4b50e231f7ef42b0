// What the browser may send to checkout. Strict: prices, statuses and user ids never come
// from the client; the server prices every line itself.
import { z } from "zod";
import { locales } from "@/lib/i18n/locales";
import { promoInputSchema } from "@/lib/promos/promo-terms";
import { mergeIdenticalLines } from "./merge-lines";
import { maxLineQuantity } from "./quantity";

/**
 * A signed proof the shop issued (a quote's checks, a verified account): opaque to the browser.
 * A malformed one is dropped, never a reason to refuse the order (the server checks again).
 */
const proofSchema = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9._-]+$/)
  .optional()
  .catch(undefined);

export const cartItemSchema = z
  .object({
    itemCode: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9._-]+$/, "Unknown product."),
    quantity: z.coerce.number().int().min(1).max(maxLineQuantity),
    /** Direct top-up inputs; checked again against the product's own schema. */
    fields: z.record(z.string().max(64), z.string().max(256)).optional(),
    /** The "verify account" step's proof for these fields: checkout need not validate them again. */
    accountProof: proofSchema,
  })
  .strict();
export type CartItem = z.infer<typeof cartItemSchema>;

export const cardSchema = z
  .object({
    number: z
      .string()
      .trim()
      .regex(/^[0-9 ]{12,23}$/, "Enter the card number."),
    expiry: z
      .string()
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, "Use MM/YY."),
    cvc: z
      .string()
      .trim()
      .regex(/^\d{3,4}$/, "3 or 4 digits."),
  })
  .strict();

/** A market's URL segment (docs/markets.md#the-model); absent: the default market. */
export const marketSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9-]{1,32}$/, "Unknown market.")
  .optional();

export const checkoutSchema = z
  .object({
    email: z.email("Enter a valid email address.").max(254),
    items: z.array(cartItemSchema).min(1, "Your cart is empty.").max(20),
    /** Required by card-form providers (TEST); refused by hosted ones (Stripe takes the card itself). */
    card: cardSchema.optional(),
    /**
     * The total the shopper saw, in the market's currency (up to three decimals: 1.230 KWD); a
     * mismatch means the price moved and must be confirmed.
     */
    expectedTotal: z.string().regex(/^\d{1,12}(\.\d{1,3})?$/),
    /** The market the cart is priced and paid in (its slug); absent: the default market. */
    market: marketSlugSchema,
    /** A promo code the shopper applied (lib/promos); its discount is in expectedTotal. */
    promoCode: promoInputSchema.optional(),
    /** The live quote's proof (QuoteView.proof): a checkout soon after need not check again. */
    quoteProof: proofSchema,
    /** The page's language: the order's emails and receipt speak it. Absent: English; unshipped: refused. */
    locale: z.enum(locales).optional(),
  })
  .strict();
export type Checkout = z.infer<typeof checkoutSchema>;

/** A quote request: identical lines are merged into one (one live check each). */
export const quoteRequestSchema = z
  .object({
    items: z.array(cartItemSchema).min(1).max(20).transform(mergeIdenticalLines),
    promoCode: promoInputSchema.optional(),
    market: marketSlugSchema,
  })
  .strict();
