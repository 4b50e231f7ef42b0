// Looking a code up and deciding whether it can be used now, with the words a shopper reads
// when it cannot. The final word on uses is the claim (claim.ts), taken with the order.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import { parseScopeKeys, promoKinds, promoScopes, type PromoKind, type PromoScope } from "./promo-terms";

type Client = Prisma.TransactionClient | typeof db;

export type UsablePromo = {
  id: string;
  code: string;
  description: string;
  kind: PromoKind;
  value: Prisma.Decimal;
  currency: string;
  scope: PromoScope;
  scopeKeys: string[];
  maxUsesPerShopper: number | null;
};

export type PromoLookup = { ok: true; promo: UsablePromo } | { ok: false; message: string };

/** The buyer as the per-shopper limit sees them: the email (lower-cased, "+tag" dropped) and the account. */
export type Shopper = { email: string; userId?: string | null };

/** "Ann.Lee+promo@Example.com" → "ann.lee@example.com": one mailbox is one shopper. */
export function shopperEmailKey(email: string): string {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  return `${local.split("+")[0]}@${domain}`;
}

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** Why a stored code cannot be used at `now`; null when it can (uses counted as stored now). */
export function unusableReason(
  row: {
    active: boolean;
    startsAt: Date | null;
    endsAt: Date | null;
    maxUses: number | null;
    usedCount: number;
    currency: string;
    kind: string;
    scope: string;
  },
  now: Date,
  currency: string,
): string | null {
  if (
    !row.active ||
    !(promoKinds as readonly string[]).includes(row.kind) ||
    !(promoScopes as readonly string[]).includes(row.scope)
  )
    return "This code is no longer valid.";
  if (row.startsAt && row.startsAt > now) return `This code can be used from ${day.format(row.startsAt)} UTC.`;
  if (row.endsAt && row.endsAt <= now) return `This code expired on ${day.format(row.endsAt)} UTC.`;
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return "This code has been used up.";
  if (row.kind === "amount" && row.currency !== currency) return "This code cannot be used in this shop's currency.";
  return null;
}

/** Finds `code` (already normalised) and checks it can be used at `now` in `currency`. */
export async function findUsablePromo(code: string, now: Date, currency: string): Promise<PromoLookup> {
  const row = await db.promoCode.findUnique({ where: { code } });
  if (!row) return { ok: false, message: `We don't know the code “${code}”. Check it and try again.` };
  const reason = unusableReason(row, now, currency);
  if (reason) return { ok: false, message: reason };
  return {
    ok: true,
    promo: {
      id: row.id,
      code: row.code,
      description: row.description,
      kind: row.kind as PromoKind,
      value: row.value,
      currency: row.currency,
      scope: row.scope as PromoScope,
      scopeKeys: parseScopeKeys(row.scopeKeys),
      maxUsesPerShopper: row.maxUsesPerShopper,
    },
  };
}

/** Uses of a code held by this shopper (by email key, or by their account when signed in). */
export async function countShopperUses(promoId: string, shopper: Shopper, client: Client = db): Promise<number> {
  const who: Prisma.PromoRedemptionWhereInput[] = [
    { shopperEmail: shopperEmailKey(shopper.email) },
    ...(shopper.userId ? [{ userId: shopper.userId }] : []),
  ];
  return client.promoRedemption.count({ where: { promoCodeId: promoId, status: "active", OR: who } });
}

export const usedByShopperMessage = "You have already used this code.";
