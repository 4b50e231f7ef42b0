// The owner's wallet settings (Settings → Shop): the reserve checkout keeps untouched, the
// low-balance threshold, and how few hours of sales left count as low. Read by checkout, the
// overview and the alerts; written by lib/admin/settings.
import "server-only";
import { db, Prisma } from "@/lib/db";

export const walletSettingKeys = {
  reserve: "wallet.reserve",
  lowBalanceThreshold: "admin.lowBalanceThreshold",
  hoursLeftBelow: "wallet.hoursLeftBelow",
} as const;

export const DEFAULT_WALLET_RESERVE = "0.00";
export const DEFAULT_LOW_BALANCE_THRESHOLD = "100.00";
/** Fewer hours of sales left than this (at the last day's rate) is low too; 0 turns it off. */
export const DEFAULT_HOURS_LEFT_BELOW = "24";

export type WalletSettings = { reserve: Prisma.Decimal; lowBalanceThreshold: Prisma.Decimal; hoursLeftBelow: number };

const amount = /^\d{1,9}(\.\d{1,2})?$/;

/** The effective wallet settings (a missing or corrupt row falls back to its default). */
export async function getWalletSettings(): Promise<WalletSettings> {
  const rows = await db.setting.findMany({ where: { key: { in: Object.values(walletSettingKeys) } } });
  const get = (key: string, fallback: string, re: RegExp) => {
    const v = rows.find((r) => r.key === key)?.value.trim();
    return v && re.test(v) ? v : fallback;
  };
  return {
    reserve: new Prisma.Decimal(get(walletSettingKeys.reserve, DEFAULT_WALLET_RESERVE, amount)),
    lowBalanceThreshold: new Prisma.Decimal(
      get(walletSettingKeys.lowBalanceThreshold, DEFAULT_LOW_BALANCE_THRESHOLD, amount),
    ),
    hoursLeftBelow: Number(get(walletSettingKeys.hoursLeftBelow, DEFAULT_HOURS_LEFT_BELOW, /^\d{1,4}$/)),
  };
}
