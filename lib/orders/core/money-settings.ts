// Owner settings that decide money outcomes, read by lib/orders (written by the admin settings).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { parseQuoteWindowSeconds } from "./quote-window";

export const moneySettingKeys = {
  priceRiseAction: "money.priceRiseAction",
  firstOrderReviewAbove: "money.firstOrderReviewAbove",
  quoteWindowSeconds: "money.quoteWindowSeconds",
} as const;

/** A first-time buyer's order above this is held for staff review (an owner setting; "0" turns it off). */
export const DEFAULT_FIRST_ORDER_REVIEW_ABOVE = "200.00";

export async function getFirstOrderReviewAbove(): Promise<Prisma.Decimal | null> {
  const row = await db.setting.findUnique({ where: { key: moneySettingKeys.firstOrderReviewAbove } });
  const value = new Prisma.Decimal(
    /^\d{1,9}(\.\d{1,2})?$/.test(row?.value ?? "") ? row!.value : DEFAULT_FIRST_ORDER_REVIEW_ABOVE,
  );
  return value.isZero() ? null : value;
}

/** What to do with a paid line whose supplier price rose past its margin before it was bought. */
export const priceRiseActions = ["refund", "hold"] as const;
export type PriceRiseAction = (typeof priceRiseActions)[number];

export async function getPriceRiseAction(): Promise<PriceRiseAction> {
  const row = await db.setting.findUnique({ where: { key: moneySettingKeys.priceRiseAction } });
  return row?.value === "hold" ? "hold" : "refund";
}

/** The owner's quote window in ms (docs/money-rules.md#m5; bounds and default in quote-window.ts). */
export async function getQuoteWindowMs(): Promise<number> {
  const row = await db.setting.findUnique({ where: { key: moneySettingKeys.quoteWindowSeconds } });
  return parseQuoteWindowSeconds(row?.value) * 1000;
}
