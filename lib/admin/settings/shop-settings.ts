// Shop settings staff can change without a restart: Setting rows that override env defaults.
// Other modules read them through getShopSettings() (never the Setting table directly).
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { DEFAULT_FIRST_ORDER_REVIEW_ABOVE, moneySettingKeys } from "@/lib/orders/money-settings";
import { currencyDisplayOptions, priceRiseOptions, type CurrencyDisplay } from "./settings-schema";

export { currencyDisplayOptions, type CurrencyDisplay } from "./settings-schema";

export const settingKeys = {
  shopName: "shop.name",
  currencyDisplay: "shop.currencyDisplay",
  lowBalanceThreshold: "admin.lowBalanceThreshold",
  priceRiseAction: moneySettingKeys.priceRiseAction,
  firstOrderReviewAbove: moneySettingKeys.firstOrderReviewAbove,
} as const;

export type ShopSettings = {
  shopName: string;
  /** The upstream wallet's currency (env SHOP_CURRENCY): every price is in it, so it is not editable here. */
  currency: string;
  currencyDisplay: CurrencyDisplay;
  /** Decimal string; the overview warns when the upstream balance falls below it. */
  lowBalanceThreshold: string;
  /** A paid line whose supplier price rose past its margin is refunded, or held for staff to decide. */
  priceRiseAction: (typeof priceRiseOptions)[number];
  /** A first-time buyer's order above this is held for review ("0" = never). */
  firstOrderReviewAbove: string;
};

export const DEFAULT_LOW_BALANCE_THRESHOLD = "100.00";

const storedSchema = z.object({
  shopName: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .catch(() => env.SHOP_NAME),
  currencyDisplay: z.enum(currencyDisplayOptions).catch("symbol"),
  lowBalanceThreshold: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .catch(DEFAULT_LOW_BALANCE_THRESHOLD),
  priceRiseAction: z.enum(priceRiseOptions).catch("refund"),
  firstOrderReviewAbove: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .catch(DEFAULT_FIRST_ORDER_REVIEW_ABOVE),
});

/** The effective settings: a stored row wins, else the env default; a corrupt row falls back too. */
export async function getShopSettings(): Promise<ShopSettings> {
  const rows = await db.setting.findMany({ where: { key: { in: Object.values(settingKeys) } } });
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const parsed = storedSchema.parse({
    shopName: byKey.get(settingKeys.shopName) ?? env.SHOP_NAME,
    currencyDisplay: byKey.get(settingKeys.currencyDisplay) ?? "symbol",
    lowBalanceThreshold: byKey.get(settingKeys.lowBalanceThreshold) ?? DEFAULT_LOW_BALANCE_THRESHOLD,
    priceRiseAction: byKey.get(settingKeys.priceRiseAction) ?? "refund",
    firstOrderReviewAbove: byKey.get(settingKeys.firstOrderReviewAbove) ?? DEFAULT_FIRST_ORDER_REVIEW_ABOVE,
  });
  return { ...parsed, currency: env.SHOP_CURRENCY };
}
