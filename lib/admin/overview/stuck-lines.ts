// Lines that have waited on the upstream for a long time. The shop never refunds for elapsed
// time (the upstream may still deliver), so these stay put: staff must see them instead.
import "server-only";
import { requireStaff } from "@/lib/auth/guards";
import { db } from "@/lib/db";

/** A line counts as stuck after this long in purchasing / pending_upstream. */
export const STUCK_AFTER_MS = 60 * 60_000;
const STUCK_STATES = ["purchasing", "pending_upstream"];
const MAX_LISTED = 10;

export type StuckLine = {
  lineId: string;
  orderId: string;
  productName: string;
  status: string;
  since: Date;
  ageMs: number;
};

/**
 * How many lines are stuck, and the oldest ten (oldest first). Age runs from the first
 * purchase attempt, or from creation when none was recorded (as the health card does).
 */
export async function getStuckLines(now: Date = new Date()): Promise<{ count: number; lines: StuckLine[] }> {
  await requireStaff();
  const cutoff = new Date(now.getTime() - STUCK_AFTER_MS);
  const attempted = { status: { in: STUCK_STATES }, firstAttemptAt: { lt: cutoff } };
  const unattempted = { status: { in: STUCK_STATES }, firstAttemptAt: null, createdAt: { lt: cutoff } };
  const select = {
    id: true,
    orderId: true,
    productName: true,
    status: true,
    firstAttemptAt: true,
    createdAt: true,
  } as const;
  // Two indexed, portable queries instead of ORDER BY COALESCE(...): merge, then keep the oldest.
  const [count, byAttempt, byCreation] = await Promise.all([
    db.orderLine.count({ where: { OR: [attempted, unattempted] } }),
    db.orderLine.findMany({
      where: attempted,
      orderBy: [{ firstAttemptAt: "asc" }, { id: "asc" }],
      take: MAX_LISTED,
      select,
    }),
    db.orderLine.findMany({
      where: unattempted,
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: MAX_LISTED,
      select,
    }),
  ]);
  const lines = [...byAttempt, ...byCreation]
    .map((l) => {
      const since = l.firstAttemptAt ?? l.createdAt;
      return {
        lineId: l.id,
        orderId: l.orderId,
        productName: l.productName,
        status: l.status,
        since,
        ageMs: now.getTime() - since.getTime(),
      };
    })
    .sort((a, b) => a.since.getTime() - b.since.getTime() || a.lineId.localeCompare(b.lineId))
    .slice(0, MAX_LISTED);
  return { count, lines };
}
