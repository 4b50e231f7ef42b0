// What staff see of each supplier (docs/suppliers.md#staff): its health (recent failovers away
// from it, 429s and 402s among them, calls it did not answer, whether routing passes it over as
// failing now, a wallet pause or a 429 block), its wallet estimate against
// the reserve, this minute's request budget, when its offers were last read, its share of the
// lines bought and the margin they left. Read-only; the owner's settings are edited beside it.
import "server-only";
import { offersReadAt } from "@/lib/catalog/offers/supplier-cursor";
import { db, Prisma } from "@/lib/db";
import { unansweredOutcomes } from "@/lib/orders/routing/health";
import { failingAt, readBudgetRow } from "@/lib/orders/routing/supplier-states";
import { listSuppliers, type SupplierRow } from "@/lib/suppliers/rows";
import { walletIdOf } from "@/lib/wallet/wallet-row";
import { getWalletSettings } from "@/lib/wallet/wallet-settings";

export const healthWindowMs = 24 * 3_600_000;
export const figuresWindowMs = 30 * 24 * 3_600_000;

export type SupplierOverview = SupplierRow & {
  health: {
    failovers: number;
    rateLimited: number;
    walletShort: number;
    /** Calls it did not answer (5xx, timeouts, lost connections). */
    unanswered: number;
    /** Routing passes it over now (docs/suppliers.md#health). */
    failing: boolean;
    pausedAt: Date | null;
    blockedUntil: Date | null;
  };
  wallet: { estimate: Prisma.Decimal | null; reserve: Prisma.Decimal };
  budget: { used: number; limit: number } | null;
  lastSync: Date | null;
  offers: { total: number; inStock: number };
  lines: { count: number; share: number };
  margin: Prisma.Decimal;
};

// Lines with an upstream order at their supplier: delivered, or waiting for it.
const bought = ["pending_upstream", "delivered"];

export async function supplierOverview(now: Date = new Date()): Promise<SupplierOverview[]> {
  const [rows, { reserve }] = await Promise.all([listSuppliers(), getWalletSettings()]);
  const since = new Date(now.getTime() - figuresWindowMs);
  const healthSince = new Date(now.getTime() - healthWindowMs);
  const [attempts, unanswered, lines, offers, readAt] = await Promise.all([
    db.purchaseAttempt.findMany({
      where: { outcome: "failed_over", updatedAt: { gte: healthSince } },
      select: { supplier: true, reason: true },
    }),
    db.upstreamCall.groupBy({
      by: ["supplier"],
      where: {
        createdAt: { gte: healthSince },
        OR: [{ httpStatus: { gte: 500 } }, { outcome: { in: [...unansweredOutcomes] } }],
      },
      _count: { _all: true },
    }),
    db.orderLine.findMany({
      where: { createdAt: { gte: since }, status: { in: bought } },
      select: { supplier: true, quantity: true, unitCost: true, unitPrice: true, walletUnitPrice: true },
    }),
    db.offer.groupBy({ by: ["supplier", "inStock"], _count: { _all: true }, _max: { updatedAt: true } }),
    // Unchanged offers are not rewritten: the read itself is recorded (docs/suppliers.md#offers).
    offersReadAt(),
  ]);
  return Promise.all(
    rows.map(async (row) => {
      const wallet = await db.upstreamWallet.findUnique({ where: { id: walletIdOf(row.name) } });
      const budgetRow = await readBudgetRow(row.name);
      const away = attempts.filter((a) => a.supplier === row.name);
      const own = lines.filter((l) => l.supplier === row.name);
      const offered = offers.filter((o) => o.supplier === row.name);
      const lastSync =
        readAt.get(row.name) ??
        offered.reduce<Date | null>(
          (d, o) => (o._max.updatedAt && (!d || o._max.updatedAt > d) ? o._max.updatedAt : d),
          null,
        );
      return {
        ...row,
        health: {
          failovers: away.length,
          rateLimited: away.filter((a) => a.reason?.includes("rate limit")).length,
          walletShort: away.filter((a) => a.reason?.includes("wallet")).length,
          unanswered: unanswered.find((u) => u.supplier === row.name)?._count._all ?? 0,
          failing: await failingAt(row.name, now),
          pausedAt: wallet?.pausedAt ?? null,
          blockedUntil: budgetRow?.blockedUntil && budgetRow.blockedUntil > now ? budgetRow.blockedUntil : null,
        },
        wallet: { estimate: wallet?.estimate ?? null, reserve },
        budget: budgetRow ? { used: budgetRow.used, limit: budgetRow.limit } : null,
        lastSync,
        offers: {
          total: offered.reduce((n, o) => n + o._count._all, 0),
          inStock: offered.filter((o) => o.inStock).reduce((n, o) => n + o._count._all, 0),
        },
        lines: { count: own.length, share: lines.length ? own.length / lines.length : 0 },
        // What the lines sold for (in the wallet currency) less what they cost.
        margin: own.reduce(
          (sum, l) => sum.plus((l.walletUnitPrice ?? l.unitPrice).minus(l.unitCost).times(l.quantity)),
          new Prisma.Decimal(0),
        ),
      };
    }),
  );
}
