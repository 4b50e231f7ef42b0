// Top-up accounts a signed-in shopper used before, offered again on the family page. The fields
// are secrets of the same kind as an order's (M6): encrypted at rest, never logged, shown only
// to their owner. A keyed digest of the fields de-duplicates without storing them in the clear.
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { decryptJson, encryptJson } from "@/lib/crypto/codes-cipher";

export type SavedTopupAccount = { id: string; fields: Record<string, string>; displayName: string | null };

/** How many accounts per family a shopper keeps (most recently used first). */
export const savedAccountsPerFamily = 5;

function digestFields(fields: Record<string, string>): string {
  const key = crypto.createHash("sha256").update(`saved-topup-account:${env.CODES_ENCRYPTION_KEY}`).digest();
  const canonical = JSON.stringify(
    Object.keys(fields)
      .sort()
      .map((k) => [k, fields[k].trim()]),
  );
  return crypto.createHmac("sha256", key).update(canonical).digest("base64url");
}

/** Saves (or refreshes) an account for a shopper and family, keeping the most recent few. */
export async function rememberTopupAccount(
  userId: string,
  familySlug: string,
  fields: Record<string, string>,
  displayName: string | null,
  now: Date = new Date(),
): Promise<void> {
  const fieldsDigest = digestFields(fields);
  await db.savedTopupAccount.upsert({
    where: { userId_familySlug_fieldsDigest: { userId, familySlug, fieldsDigest } },
    create: { userId, familySlug, fieldsDigest, fieldsEnc: encryptJson(fields), displayName, lastUsedAt: now },
    update: { displayName, lastUsedAt: now },
  });
  const keep = await db.savedTopupAccount.findMany({
    where: { userId, familySlug },
    orderBy: [{ lastUsedAt: "desc" }, { id: "asc" }],
    select: { id: true },
    take: savedAccountsPerFamily,
  });
  await db.savedTopupAccount.deleteMany({ where: { userId, familySlug, id: { notIn: keep.map((k) => k.id) } } });
}

/**
 * After a signed-in shopper's order is placed: remembers each top-up line's account under its
 * product's family, with the account name the upstream confirmed for that line.
 */
export async function rememberOrderTopupAccounts(
  userId: string,
  orderId: string,
  items: { itemCode: string; fields?: Record<string, string> }[],
  now: Date = new Date(),
): Promise<void> {
  const lines = await db.orderLine.findMany({
    where: { orderId, isTopup: true },
    select: { itemCode: true, displayName: true },
  });
  if (lines.length === 0) return;
  const families = await db.product.findMany({
    where: { itemCode: { in: lines.map((l) => l.itemCode) } },
    select: { itemCode: true, familySlug: true },
  });
  const familyOf = new Map(families.map((f) => [f.itemCode, f.familySlug]));
  for (const line of lines) {
    const fields = items.find((i) => i.itemCode === line.itemCode)?.fields;
    const familySlug = familyOf.get(line.itemCode);
    if (!fields || !familySlug || Object.keys(fields).length === 0) continue;
    const trimmed = Object.fromEntries(
      Object.entries(fields)
        .map(([k, v]) => [k, v.trim()])
        .filter(([, v]) => v !== ""),
    );
    await rememberTopupAccount(userId, familySlug, trimmed, line.displayName, now);
  }
}

/** A shopper's saved accounts for one family, most recent first; unreadable rows are skipped. */
export async function listSavedTopupAccounts(userId: string, familySlug: string): Promise<SavedTopupAccount[]> {
  const rows = await db.savedTopupAccount.findMany({
    where: { userId, familySlug },
    orderBy: [{ lastUsedAt: "desc" }, { id: "asc" }],
    take: savedAccountsPerFamily,
  });
  return rows.flatMap((r) => {
    try {
      return [{ id: r.id, fields: decryptJson<Record<string, string>>(r.fieldsEnc), displayName: r.displayName }];
    } catch {
      return [];
    }
  });
}

/** Deletes one saved account of this shopper (another shopper's id deletes nothing). */
export async function forgetSavedTopupAccount(userId: string, id: string): Promise<boolean> {
  const { count } = await db.savedTopupAccount.deleteMany({ where: { id, userId } });
  return count === 1;
}
