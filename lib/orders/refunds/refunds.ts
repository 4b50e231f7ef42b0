// Every refund, whatever its reason, goes through here: a Refund row is created once (its
// dedupeKey), claimed (pending → calling) before the provider is called with the row's id as the
// idempotency key, and the provider's answer is recorded together with its effect on the line or
// payment in one transaction. The reconciler resumes whatever a crash left in between
// (docs/money-rules.md#m3).
import "server-only";
import { db, Prisma } from "@/lib/db";
import { processOwner } from "../core/line-lease";
import { refundWalletAmountOf, walletValueOf } from "../core/wallet-figures";
import { nextRetryAt } from "../core/schedule";
import { refundTransitions, type RefundKind, type RefundStatus } from "../core/states";
import { applyRefundFailed, applyRefundSucceeded, sendRefundEmail } from "./refund-effects";
import { getPaymentProvider } from "@/lib/payments";
import { log } from "@/lib/log";

export type RefundRequest = {
  orderId: string;
  paymentId: string;
  lineId?: string | null;
  kind: RefundKind;
  /** In the currency charged (the order's `currency`). */
  amount: Prisma.Decimal;
  currency: string;
  /** Its value in the wallet currency (docs/markets.md#refunds); omitted: the order is in the wallet currency. */
  walletAmount?: Prisma.Decimal | null;
  reason: string;
  requestedBy?: string;
  now: Date;
};

/** How long a claimed refund call may run before another process may take it over (a Stripe refund is two calls with retries). */
export const refundClaimMs = 5 * 60_000;

function baseKey(r: Pick<RefundRequest, "lineId" | "paymentId" | "kind">): string {
  return r.lineId ? `line:${r.lineId}:${r.kind}` : `payment:${r.paymentId}:${r.kind}`;
}

/**
 * The refund row for this request, created once: a second request finds the first (in whatever
 * state). Only `retryFailed` (staff asking again after the provider refused) opens a new attempt.
 */
export async function requestRefund(
  req: RefundRequest,
  opts: { retryFailed?: boolean; tx?: Prisma.TransactionClient } = {},
) {
  const client = opts.tx ?? db;
  const base = baseKey(req);
  const latest = await client.refund.findFirst({
    where: { dedupeKey: { startsWith: `${base}:` } },
    orderBy: { createdAt: "desc" },
  });
  if (latest && (latest.status !== "failed" || !opts.retryFailed)) return latest;
  const attempt = latest ? Number(latest.dedupeKey.slice(base.length + 1)) + 1 : 1;
  const data = {
    orderId: req.orderId,
    paymentId: req.paymentId,
    lineId: req.lineId ?? null,
    kind: req.kind,
    dedupeKey: `${base}:${attempt}`,
    amount: req.amount,
    currency: req.currency,
    walletAmount: req.walletAmount !== undefined ? req.walletAmount : await orderWalletValue(client, req),
    status: "pending",
    reason: req.reason,
    requestedBy: req.requestedBy,
    createdAt: req.now,
  };
  // Inside a caller's transaction a conditional claim already made this request exclusive.
  if (opts.tx) return opts.tx.refund.create({ data });
  try {
    return await db.refund.create({ data });
  } catch (err) {
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
    return db.refund.findUniqueOrThrow({ where: { dedupeKey: data.dedupeKey } });
  }
}

export type RefundRun = "succeeded" | "failed" | "retry" | "busy";

type RefundClient = Pick<Prisma.TransactionClient, "refund">;

/**
 * Every refund move: one conditional UPDATE from the statuses in `from` (plus `where`) to `to`,
 * each move checked against refundTransitions (states.ts). Returns whether this call moved it.
 */
async function moveRefund(
  client: RefundClient,
  refundId: string,
  from: RefundStatus[],
  to: RefundStatus,
  data: Prisma.RefundUpdateManyMutationInput,
  where: Prisma.RefundWhereInput = {},
): Promise<boolean> {
  for (const f of from)
    if (!refundTransitions[f].includes(to)) throw new Error(`refund ${f} → ${to} is not a refund transition`);
  const moved = await client.refund.updateMany({
    where: { ...where, id: refundId, status: { in: from } },
    data: { ...data, status: to },
  });
  return moved.count === 1;
}

/** Due to be called: pending and past its next attempt, or claimed by a holder whose claim ran out. */
const dueRefund = (now: Date): Prisma.RefundWhereInput => ({
  OR: [
    { status: "pending", OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }] },
    { status: "calling", claimUntil: { lt: now } },
  ],
});

/**
 * Claims the refund and calls the provider once. "busy": another process holds it, or it is not
 * due yet, or it is already settled. "retry": the outcome is unknown; the same key is used later.
 */
export async function runRefund(refundId: string, opts: { now: Date; owner?: string }): Promise<RefundRun> {
  const { now } = opts;
  const owner = opts.owner ?? processOwner;
  const claimed = await moveRefund(
    db,
    refundId,
    ["pending", "calling"],
    "calling",
    {
      claimOwner: owner,
      claimUntil: new Date(now.getTime() + refundClaimMs),
      attempts: { increment: 1 },
      updatedAt: now,
    },
    dueRefund(now),
  );
  if (!claimed) return "busy";
  const refund = await db.refund.findUniqueOrThrow({ where: { id: refundId }, include: { payment: true } });
  let answer: Awaited<ReturnType<ReturnType<typeof getPaymentProvider>["refund"]>>;
  try {
    if (!refund.payment.providerRef) throw new Error("payment has no provider reference");
    answer = await getPaymentProvider().refund({
      providerRef: refund.payment.providerRef,
      amount: refund.amount,
      currency: refund.currency,
      reason: refund.reason,
      idempotencyKey: refund.id,
    });
  } catch (err) {
    // Unknown outcome (timeout, network, provider outage): give the claim back; the same key later.
    await moveRefund(
      db,
      refundId,
      ["calling"],
      "pending",
      {
        claimOwner: null,
        claimUntil: null,
        nextAttemptAt: nextRetryAt(now, refund.attempts),
        failureReason: errorName(err),
      },
      { claimOwner: owner },
    );
    log.warn({ err, refundId }, "refund: outcome unknown, retrying later");
    return "retry";
  }
  if (answer.status === "succeeded") {
    const done = await db.$transaction(async (tx) => {
      const moved = await moveRefund(tx, refundId, ["calling"], "succeeded", {
        providerRef: answer.providerRef,
        completedAt: now,
        claimOwner: null,
        claimUntil: null,
        failureReason: null,
      });
      if (!moved) return false;
      await applyRefundSucceeded(tx, refund, now);
      return true;
    });
    if (done) await sendRefundEmail(refund);
    return "succeeded";
  }
  await db.$transaction(async (tx) => {
    const moved = await moveRefund(tx, refundId, ["calling"], "failed", {
      failureReason: answer.failureReason ?? "refused by the payment provider",
      completedAt: now,
      claimOwner: null,
      claimUntil: null,
    });
    if (moved)
      await applyRefundFailed(
        tx,
        { ...refund, failureReason: answer.failureReason ?? "refused by the payment provider" },
        now,
      );
  });
  return "failed";
}

/** Finishes refunds a crash or an unknown outcome left open; one failing refund never stops the rest. */
export async function resumeRefunds(now: Date, opts: { owner?: string; limit?: number } = {}): Promise<number> {
  const due = await db.refund.findMany({
    where: dueRefund(now),
    orderBy: { createdAt: "asc" },
    take: opts.limit ?? 50,
    select: { id: true },
  });
  let settled = 0;
  for (const r of due) {
    try {
      const run = await runRefund(r.id, { now, owner: opts.owner });
      if (run === "succeeded" || run === "failed") settled++;
    } catch (err) {
      log.error({ err, refundId: r.id }, "refund: resume failed");
    }
  }
  return settled;
}

/** Sum of a line's refunds that are done or on their way (a failed one gave nothing back). */
export async function refundedForLine(lineId: string, tx: Prisma.TransactionClient = db): Promise<Prisma.Decimal> {
  const r = await tx.refund.aggregate({ where: { lineId, status: { not: "failed" } }, _sum: { amount: true } });
  return r._sum.amount ?? new Prisma.Decimal(0);
}

function errorName(err: unknown): string {
  return err instanceof Error ? err.name : "error";
}

/** The wallet-currency value of a whole-payment refund; null for an order in the wallet currency. */
async function orderWalletValue(client: Prisma.TransactionClient, req: RefundRequest): Promise<Prisma.Decimal | null> {
  const order = await client.order.findUniqueOrThrow({
    where: { id: req.orderId },
    select: { total: true, walletTotal: true, rate: true, walletCurrency: true },
  });
  return order.rate === null ? null : walletValueOf(order, req.amount);
}

/** What has been (or is being) given back on a line, in the wallet currency. */
export async function walletRefundedForLine(lineId: string): Promise<Prisma.Decimal> {
  const rows = await db.refund.findMany({
    where: { lineId, status: { not: "failed" } },
    select: { amount: true, walletAmount: true },
  });
  return rows.reduce((sum, r) => sum.plus(refundWalletAmountOf(r)), new Prisma.Decimal(0));
}
