// THE one place where an order or a line changes status. Every move is checked against the
// table in states.ts, applied with a conditional UPDATE on the current status (so two
// processes can never both make it) and recorded as an OrderEvent in the same transaction.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { releasePromoUse } from "@/lib/promos/claim";
import { notifyOrderChanged } from "./order-changed";
import { say, wordsColumns, type Said, type TimelineKey } from "./timeline-words";
import {
  canMoveLine,
  canMoveOrder,
  canMovePayment,
  settledOrderStatus,
  type LineStatus,
  type OrderStatus,
  type PaymentStatus,
} from "./states";

export type Cause = "checkout" | "payment" | "purchase" | "poll" | "webhook" | "staff" | "shopper" | "reconciler";

export type TransitionInput = {
  cause: Cause;
  causeRef?: string;
  /** The timeline's English sentence (staff pages, logs). */
  message: string;
  /** The shopper's words, written in the order's language when read (`say` gives both). */
  words?: Said["words"];
  /** Extra columns written together with the status (codes, upstream ids, next check…). */
  data?: Prisma.OrderLineUncheckedUpdateManyInput;
  now?: Date;
};

export class IllegalTransitionError extends Error {
  constructor(from: string, to: string) {
    super(`illegal transition ${from} → ${to}`);
    this.name = "IllegalTransitionError";
  }
}

/**
 * Moves a line from `from` to `to`. Returns false (and changes nothing) when the line is no
 * longer in `from` — somebody else moved it first. Throws on a move the table forbids.
 * Pass `tx` to make the move part of a larger transaction.
 */
export async function transitionLine(
  lineId: string,
  from: LineStatus,
  to: LineStatus,
  input: TransitionInput,
  tx?: Prisma.TransactionClient,
): Promise<boolean> {
  if (!canMoveLine(from, to, input.cause)) throw new IllegalTransitionError(from, to);
  const now = input.now ?? new Date();
  if (tx) return moveLine(tx, lineId, from, to, input, now);
  return db.$transaction((t) => moveLine(t, lineId, from, to, input, now));
}

async function moveLine(
  tx: Prisma.TransactionClient,
  lineId: string,
  from: LineStatus,
  to: LineStatus,
  input: TransitionInput,
  now: Date,
) {
  const moved = await tx.orderLine.updateMany({
    where: { id: lineId, status: from },
    data: { ...input.data, status: to, updatedAt: now },
  });
  if (moved.count !== 1) return false;
  const line = await tx.orderLine.findUniqueOrThrow({ where: { id: lineId }, select: { orderId: true } });
  await recordTransition(tx, { orderId: line.orderId, lineId }, from, to, input, now);
  await settleOrder(tx, line.orderId, input, now);
  return true;
}

async function settleOrder(
  tx: Prisma.TransactionClient,
  orderId: string,
  input: Omit<TransitionInput, "data">,
  now: Date,
) {
  // Lock the order row before reading its lines: two lines ending in concurrent transactions
  // (read committed on PostgreSQL) would otherwise each see the other still open, and neither
  // would settle the order. The second waits here and then reads the first's committed line.
  await tx.order.update({ where: { id: orderId }, data: { updatedAt: now } });
  const lines = await tx.orderLine.findMany({
    where: { orderId },
    select: { status: true, quantity: true, deliveredQuantity: true },
  });
  const settled = settledOrderStatus(lines);
  if (!settled) return;
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true } });
  const from = order.status as OrderStatus;
  // From "paid" on any cause; a settled order moves again only on a staff refund.
  if (from === settled || !canMoveOrder(from, settled, input.cause)) return;
  const said = from === "paid" ? orderSettledWords[settled] : orderRefundedByStaffWords[settled];
  await moveOrder(tx, orderId, from, settled, { ...input, ...(said ? say(said) : {}) }, now);
}

/**
 * The event that tells a line's, an order's or a payment's story: one row per move, and the
 * live feeds told in the same transaction.
 */
async function recordTransition(
  tx: Prisma.TransactionClient,
  subject: { orderId: string; lineId?: string; kind?: "transition" | "payment" },
  from: string,
  to: string,
  input: Omit<TransitionInput, "data">,
  now: Date,
) {
  const { kind = "transition", ...about } = subject;
  await notifyOrderChanged(tx, subject.orderId);
  return tx.orderEvent.create({
    data: {
      ...about,
      kind,
      fromStatus: from,
      toStatus: to,
      cause: input.cause,
      causeRef: input.causeRef,
      message: input.message,
      ...wordsColumns(input.words),
      createdAt: now,
    },
  });
}

/** Orders ending here kept nothing of the shopper's money: a promo code's use is given back. */
const promoReleasingStatuses: readonly OrderStatus[] = ["cancelled", "refunded"];

const orderSettledWords: Partial<Record<OrderStatus, TimelineKey>> = {
  completed: "completed",
  partially_refunded: "partlyRefundedUndelivered",
  refunded: "refundedUndelivered",
};

const orderRefundedByStaffWords: Partial<Record<OrderStatus, TimelineKey>> = {
  partially_refunded: "partlyRefunded",
  refunded: "refunded",
};

async function moveOrder(
  tx: Prisma.TransactionClient,
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  input: Omit<TransitionInput, "data">,
  now: Date,
): Promise<boolean> {
  const moved = await tx.order.updateMany({
    where: { id: orderId, status: from },
    data: { status: to, updatedAt: now },
  });
  if (moved.count !== 1) return false;
  await recordTransition(tx, { orderId }, from, to, input, now);
  // An order that ends unpaid or wholly refunded gives its promo code's use back, in this move.
  if (promoReleasingStatuses.includes(to)) await releasePromoUse(tx, orderId, now);
  return true;
}

/** Moves the order itself (payment confirmed or declined); same rules as transitionLine. */
export async function transitionOrder(
  orderId: string,
  from: OrderStatus,
  to: OrderStatus,
  input: Omit<TransitionInput, "data">,
  tx?: Prisma.TransactionClient,
): Promise<boolean> {
  if (!canMoveOrder(from, to, input.cause)) throw new IllegalTransitionError(from, to);
  const now = input.now ?? new Date();
  if (tx) return moveOrder(tx, orderId, from, to, input, now);
  return db.$transaction((t) => moveOrder(t, orderId, from, to, input, now));
}

export type PaymentTransitionInput = Omit<TransitionInput, "data"> & { data?: Prisma.PaymentUncheckedUpdateManyInput };

/**
 * Moves a payment (table: paymentTransitions in states.ts) with a conditional UPDATE on its
 * current status, recorded on the order's timeline in the same transaction. False when the
 * payment is no longer in `from`: somebody else moved it first (the loser of a race).
 */
export async function transitionPayment(
  paymentId: string,
  from: PaymentStatus,
  to: PaymentStatus,
  input: PaymentTransitionInput,
  tx?: Prisma.TransactionClient,
): Promise<boolean> {
  if (!canMovePayment(from, to)) throw new IllegalTransitionError(from, to);
  const now = input.now ?? new Date();
  const move = async (t: Prisma.TransactionClient) => {
    const moved = await t.payment.updateMany({
      where: { id: paymentId, status: from },
      data: { ...input.data, status: to, updatedAt: now },
    });
    if (moved.count !== 1) return false;
    const payment = await t.payment.findUniqueOrThrow({ where: { id: paymentId }, select: { orderId: true } });
    await recordTransition(t, { orderId: payment.orderId, kind: "payment" }, from, to, input, now);
    return true;
  };
  return tx ? move(tx) : db.$transaction(move);
}

/**
 * Settles paid orders whose lines have all ended but whose own status did not follow (a safety
 * net run by the reconciler; the lock in settleOrder keeps this from happening). Returns how many.
 */
export async function settleEndedOrders(now: Date): Promise<number> {
  const open = ["awaiting_payment", "paid", "purchasing", "pending_upstream", "failed"];
  const ended = await db.order.findMany({
    where: { status: "paid", lines: { none: { status: { in: open } } } },
    select: { id: true },
    take: 50,
  });
  for (const { id } of ended) {
    await db.$transaction((tx) => settleOrder(tx, id, { cause: "reconciler", ...say("settled") }, now));
  }
  return ended.length;
}

/** Records a timeline fact that is not a status change (reveal, email, retry scheduled…). */
export async function recordOrderEvent(e: {
  orderId: string;
  lineId?: string;
  kind: string;
  cause: Cause;
  causeRef?: string;
  message: string;
  words?: Said["words"];
  now?: Date;
}): Promise<void> {
  await db.orderEvent.create({
    data: {
      orderId: e.orderId,
      lineId: e.lineId,
      kind: e.kind,
      cause: e.cause,
      causeRef: e.causeRef,
      message: e.message,
      ...wordsColumns(e.words),
      createdAt: e.now ?? new Date(),
    },
  });
  await notifyOrderChanged(db, e.orderId);
}
