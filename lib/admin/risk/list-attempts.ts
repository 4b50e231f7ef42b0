// The admin's risk page: checkout attempts that the card-testing rules stopped or that went to
// review, with the clients behind the most declines in the last day. Read-only, for staff.
import "server-only";
import { requirePermission } from "@/lib/auth/guards";
import { db } from "@/lib/db";

export const riskPageSize = 50;
const outcomes = ["refused", "declined", "review", "paid", "pending"] as const;
export type AttemptOutcome = (typeof outcomes)[number];

export function parseOutcome(v: string | undefined): AttemptOutcome | undefined {
  return outcomes.find((o) => o === v);
}

/** A page of attempts, newest first (refused, declined and review by default), and the last day's summary. */
export async function listRiskAttempts(opts: { page: number; outcome?: AttemptOutcome; now?: Date }) {
  await requirePermission("orders.read");
  const now = opts.now ?? new Date();
  const since = new Date(now.getTime() - 86_400_000);
  const where = { outcome: opts.outcome ? opts.outcome : { in: ["refused", "declined", "review"] } };
  const [rows, counts, topClients] = await Promise.all([
    db.checkoutAttempt.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (opts.page - 1) * riskPageSize,
      take: riskPageSize + 1,
    }),
    db.checkoutAttempt.groupBy({ by: ["outcome"], where: { createdAt: { gte: since } }, _count: { _all: true } }),
    db.checkoutAttempt.groupBy({
      by: ["ip"],
      where: { createdAt: { gte: since }, outcome: { in: ["refused", "declined"] } },
      _count: { _all: true },
      orderBy: { _count: { ip: "desc" } },
      take: 5,
    }),
  ]);
  const last24h = Object.fromEntries(
    outcomes.map((o) => [o, counts.find((c) => c.outcome === o)?._count._all ?? 0]),
  ) as Record<AttemptOutcome, number>;
  return {
    rows: rows.slice(0, riskPageSize),
    hasNext: rows.length > riskPageSize,
    last24h,
    topClients: topClients.map((c) => ({ ip: c.ip, declinedOrRefused: c._count._all })),
  };
}
