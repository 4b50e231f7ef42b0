// Shop settings staff can change without a restart: Setting rows that override env defaults.
// Other modules read them through getShopSettings() (never the Setting table directly).
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { DEFAULT_FIRST_ORDER_REVIEW_ABOVE, moneySettingKeys } from "@/lib/orders/core/money-settings";
import { DEFAULT_QUOTE_WINDOW_SECONDS, parseQuoteWindowSeconds } from "@/lib/orders/core/quote-window";
import {
  DEFAULT_HOURS_LEFT_BELOW,
  DEFAULT_LOW_BALANCE_THRESHOLD,
  DEFAULT_WALLET_RESERVE,
  walletSettingKeys,
} from "@/lib/wallet/wallet-settings";
import { currencyDisplayOptions, priceRiseOptions, type CurrencyDisplay } from "./settings-schema";

export { currencyDisplayOptions, type CurrencyDisplay } from "./settings-schema";

export const settingKeys = {
  shopName: "shop.name",
  currencyDisplay: "shop.currencyDisplay",
  lowBalanceThreshold: walletSettingKeys.lowBalanceThreshold,
  walletReserve: walletSettingKeys.reserve,
  hoursLeftBelow: walletSettingKeys.hoursLeftBelow,
  priceRiseAction: moneySettingKeys.priceRiseAction,
  firstOrderReviewAbove: moneySettingKeys.firstOrderReviewAbove,
  quoteWindowSeconds: moneySettingKeys.quoteWindowSeconds,
} as const;

export type ShopSettings = {
  shopName: string;
  /** The upstream wallet's currency (env SHOP_CURRENCY): every price is in it, so it is not editable here. */
  currency: string;
  currencyDisplay: CurrencyDisplay;
  /** Decimal string; the overview warns (and the low-balance alert fires) when the wallet estimate falls below it. */
  lowBalanceThreshold: string;
  /** Decimal string; checkout refuses an order whose upstream cost would take the wallet estimate below it. */
  walletReserve: string;
  /** Whole hours; fewer hours of sales left than this is low too ("0" = off). */
  hoursLeftBelow: string;
  /** A paid line whose supplier price rose past its margin is refunded, or held for staff to decide. */
  priceRiseAction: (typeof priceRiseOptions)[number];
  /** A first-time buyer's order above this is held for review ("0" = never). */
  firstOrderReviewAbove: string;
  /** Whole seconds a checked price is trusted before checkout or purchase checks it again (0–300). */
  quoteWindowSeconds: string;
};

export { DEFAULT_LOW_BALANCE_THRESHOLD };

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
  walletReserve: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .catch(DEFAULT_WALLET_RESERVE),
  hoursLeftBelow: z
    .string()
    .regex(/^\d{1,4}$/)
    .catch(DEFAULT_HOURS_LEFT_BELOW),
  priceRiseAction: z.enum(priceRiseOptions).catch("refund"),
  firstOrderReviewAbove: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .catch(DEFAULT_FIRST_ORDER_REVIEW_ABOVE),
  quoteWindowSeconds: z.string().transform((v) => String(parseQuoteWindowSeconds(v))),
});

/** The effective settings: a stored row wins, else the env default; a corrupt row falls back too. */
export async function getShopSettings(): Promise<ShopSettings> {
  const rows = await db.setting.findMany({ where: { key: { in: Object.values(settingKeys) } } });
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  const parsed = storedSchema.parse({
    shopName: byKey.get(settingKeys.shopName) ?? env.SHOP_NAME,
    currencyDisplay: byKey.get(settingKeys.currencyDisplay) ?? "symbol",
    lowBalanceThreshold: byKey.get(settingKeys.lowBalanceThreshold) ?? DEFAULT_LOW_BALANCE_THRESHOLD,
    walletReserve: byKey.get(settingKeys.walletReserve) ?? DEFAULT_WALLET_RESERVE,
    hoursLeftBelow: byKey.get(settingKeys.hoursLeftBelow) ?? DEFAULT_HOURS_LEFT_BELOW,
    priceRiseAction: byKey.get(settingKeys.priceRiseAction) ?? "refund",
    firstOrderReviewAbove: byKey.get(settingKeys.firstOrderReviewAbove) ?? DEFAULT_FIRST_ORDER_REVIEW_ABOVE,
    quoteWindowSeconds: byKey.get(settingKeys.quoteWindowSeconds) ?? DEFAULT_QUOTE_WINDOW_SECONDS,
  });
  return { ...parsed, currency: env.SHOP_CURRENCY };
}
