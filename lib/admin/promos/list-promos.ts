// Reads for the admin's promo code pages: every code with its state and uses, and one code with
// the orders that used it. Any staff role may read them (support answers shoppers about codes).
import "server-only";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";
import { parseScopeKeys, type PromoKind, type PromoScope } from "@/lib/promos/promo-terms";
import { promoStatus } from "@/lib/promos/promo-status";

type Row = NonNullable<Awaited<ReturnType<typeof db.promoCode.findUnique>>>;

/** A code as plain strings for pages and the edit form (decimals never as floats). */
function toView(r: Row, now: Date) {
  return {
    id: r.id,
    code: r.code,
    description: r.description,
    kind: r.kind as PromoKind,
    value: r.value.toFixed(2),
    currency: r.currency,
    scope: r.scope as PromoScope,
    scopeKeys: parseScopeKeys(r.scopeKeys),
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    maxUses: r.maxUses,
    maxUsesPerShopper: r.maxUsesPerShopper,
    usedCount: r.usedCount,
    active: r.active,
    status: promoStatus(r, now),
    createdAt: r.createdAt,
  };
}
export type PromoView = ReturnType<typeof toView>;

/** Every code, newest first (bounded: a shop has tens of codes, not thousands). */
export async function listPromos(now: Date = new Date(), take = 500): Promise<PromoView[]> {
  await requireStaff();
  const rows = await db.promoCode.findMany({ orderBy: { createdAt: "desc" }, take });
  return rows.map((r) => toView(r, now));
}

/** One code and its most recent uses (each with the order's reference and state); null if unknown. */
export async function getPromo(id: string, now: Date = new Date()) {
  await requireStaff();
  const row = await db.promoCode.findUnique({ where: { id } });
  if (!row) return null;
  const uses = await db.promoRedemption.findMany({
    where: { promoCodeId: id },
    orderBy: { createdAt: "desc" },
    take: 100,
    select: {
      id: true,
      status: true,
      discount: true,
      currency: true,
      createdAt: true,
      releasedAt: true,
      order: { select: { id: true, reference: true, email: true, status: true } },
    },
  });
  return { promo: toView(row, now), uses: uses.map((u) => ({ ...u, discount: u.discount.toFixed(2) })) };
}
