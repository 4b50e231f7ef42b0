// The settings form's schema, shared by the server action and the browser form.
import { z } from "zod";
import { isQuoteWindowSeconds, maxQuoteWindowSeconds } from "@/lib/orders/core/quote-window";

/** How prices show the currency (Intl.NumberFormat's currencyDisplay): "$10.00", "USD 10.00" or "10.00 US dollars". */
export const currencyDisplayOptions = ["symbol", "narrowSymbol", "code", "name"] as const;
export type CurrencyDisplay = (typeof currencyDisplayOptions)[number];

/** What happens to a paid line whose supplier price rose past its margin before it was bought. */
export const priceRiseOptions = ["refund", "hold"] as const;

export const shopSettingsSchema = z
  .object({
    shopName: z.string().trim().min(1, "Enter the shop's name").max(80),
    currencyDisplay: z.enum(currencyDisplayOptions),
    lowBalanceThreshold: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, "Enter an amount like 250 or 99.50"),
    walletReserve: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, "Enter an amount like 50, or 0 for no reserve"),
    hoursLeftBelow: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/, "Enter whole hours, or 0 to turn it off"),
    priceRiseAction: z.enum(priceRiseOptions),
    firstOrderReviewAbove: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, "Enter an amount like 200, or 0 for no limit"),
    quoteWindowSeconds: z
      .string()
      .trim()
      .refine(isQuoteWindowSeconds, `Enter whole seconds from 0 to ${maxQuoteWindowSeconds}`),
  })
  .strict();
export type ShopSettingsForm = z.infer<typeof shopSettingsSchema>;
