// A code's state in words for staff, from its row and the time: pure, shared by list and detail.

export type PromoStatus = "active" | "scheduled" | "expired" | "used up" | "disabled";

/** What a shopper typing the code now would meet (uses as stored; the claim is the last word). */
export function promoStatus(
  p: { active: boolean; startsAt: Date | null; endsAt: Date | null; maxUses: number | null; usedCount: number },
  now: Date,
): PromoStatus {
  if (!p.active) return "disabled";
  if (p.endsAt && p.endsAt <= now) return "expired";
  if (p.maxUses !== null && p.usedCount >= p.maxUses) return "used up";
  if (p.startsAt && p.startsAt > now) return "scheduled";
  return "active";
}
