// The upstream wallet balance for the dashboard, cached ~60 s in the Setting table so every
// process and every staff page view shares one upstream call a minute.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { getUpstream } from "@/lib/upstream";

const cacheKey = "admin.balanceCache";
export const balanceTtlMs = 60_000;
export const lowBalanceKey = "admin.lowBalanceThreshold";
export const defaultLowBalance = "100";

export type BalanceView = {
  balance: string | null;
  currency: string | null;
  fetchedAt: Date | null;
  error: string | null;
  threshold: string;
  low: boolean;
};

type Cached = { balance: string; currency: string; fetchedAt: string };

async function readCache(): Promise<Cached | null> {
  const row = await db.setting.findUnique({ where: { key: cacheKey } });
  if (!row) return null;
  try {
    return JSON.parse(row.value) as Cached;
  } catch {
    return null;
  }
}

/** The low-balance threshold (Setting admin.lowBalanceThreshold, default 100). */
export async function getLowBalanceThreshold(): Promise<string> {
  const row = await db.setting.findUnique({ where: { key: lowBalanceKey } });
  return row && /^\d+(\.\d+)?$/.test(row.value.trim()) ? row.value.trim() : defaultLowBalance;
}

/** Balance from cache when fresh, else from upstream (`force` skips the cache: the refresh button). */
export async function getBalanceView(opts: { force?: boolean; now?: Date } = {}): Promise<BalanceView> {
  const now = opts.now ?? new Date();
  const threshold = await getLowBalanceThreshold();
  let cached = await readCache();
  let error: string | null = null;
  const stale = !cached || now.getTime() - Date.parse(cached.fetchedAt) > balanceTtlMs;
  if (opts.force || stale) {
    try {
      const b = await getUpstream().balance();
      cached = { balance: b.balance, currency: b.currency, fetchedAt: now.toISOString() };
      const value = JSON.stringify(cached);
      await db.setting.upsert({ where: { key: cacheKey }, create: { key: cacheKey, value }, update: { value } });
    } catch (err) {
      error = err instanceof Error ? `Could not read the balance: ${err.name}` : "Could not read the balance.";
    }
  }
  const low = cached ? new Prisma.Decimal(cached.balance).lt(threshold) : false;
  return {
    balance: cached?.balance ?? null,
    currency: cached?.currency ?? null,
    fetchedAt: cached ? new Date(cached.fetchedAt) : null,
    error,
    threshold,
    low,
  };
}
