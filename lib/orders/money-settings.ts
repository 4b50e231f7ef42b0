// Owner settings that decide money outcomes, read by lib/orders (written by the admin settings).
import "server-only";
import { db } from "@/lib/db";

export const moneySettingKeys = { priceRiseAction: "money.priceRiseAction" } as const;

/** What to do with a paid line whose supplier price rose past its margin before it was bought. */
export const priceRiseActions = ["refund", "hold"] as const;
export type PriceRiseAction = (typeof priceRiseActions)[number];

export async function getPriceRiseAction(): Promise<PriceRiseAction> {
  const row = await db.setting.findUnique({ where: { key: moneySettingKeys.priceRiseAction } });
  return row?.value === "hold" ? "hold" : "refund";
}
