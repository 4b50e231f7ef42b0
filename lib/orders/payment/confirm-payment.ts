// Payment outcome → order state, through the payment state machine (states.ts). A confirmed
// payment makes the order and every line `paid` in one transaction (so a crash can't leave a
// paid order with unpaid lines); money that arrives for an order that has already ended is
// refunded automatically; a decline cancels; a mismatch holds the payment for staff.
import "server-only";
import { db, type Prisma } from "@/lib/db";
import type { CapturedFacts, PaymentCheck } from "@/lib/payments/provider";
import { sendOrderReceivedEmail } from "../core/order-emails";
import { capturedMismatch } from "./payment-match";
import { requestRefund, runRefund } from "../refunds/refunds";
import type { PaymentStatus } from "../core/states";
import { transitionLine, transitionOrder, transitionPayment, type Cause } from "../core/transition";
import { say, timelineMoney, type Said } from "../core/timeline-words";

type Opts = { now: Date; cause: Cause; causeRef?: string };
/** Columns learnt from the provider together with the outcome (its reference, the card's last four). */
type Learnt = { providerRef?: string; method?: string };

const open: readonly PaymentStatus[] = ["initiated", "pending"];

async function openPayment(paymentId: string) {
  const p = await db.payment.findUnique({ where: { id: paymentId } });
  return p && open.includes(p.status as PaymentStatus) ? p : null;
}

/**
 * Marks a payment succeeded. With `captured` (what the provider says was paid) a mismatch with
 * the order holds the payment instead. Returns what happened: paid, held, refunding (the order
 * had ended: the money goes back), or unchanged (not open any more: somebody else settled it).
 */
export async function markPaymentSucceeded(
  paymentId: string,
  opts: Opts & { captured?: CapturedFacts; learnt?: Learnt },
): Promise<"paid" | "held" | "refunding" | "unchanged"> {
  const payment = await openPayment(paymentId);
  if (!payment) return "unchanged";
  if (opts.captured) {
    const problem = capturedMismatch(payment, opts.captured);
    if (problem) return (await markPaymentHeld(paymentId, problem, opts)) ? "held" : "unchanged";
  }
  // A risk rule asked for a person at checkout (lib/orders/checkout/risk.ts): the money is in, staff decide.
  if (payment.reviewReason)
    return (await markPaymentHeld(paymentId, payment.reviewReason, opts)) ? "held" : "unchanged";
  const from = payment.status as PaymentStatus;
  const base = {
    cause: opts.cause,
    causeRef: opts.causeRef ?? opts.learnt?.providerRef ?? payment.providerRef ?? undefined,
    now: opts.now,
  };
  const outcome = await db.$transaction(async (tx) => {
    const said = say("paymentConfirmed", { amount: timelineMoney(payment.amount.toFixed(2), payment.currency) });
    if (
      !(await transitionPayment(
        paymentId,
        from,
        "succeeded",
        { ...base, ...said, data: { ...opts.learnt, confirmedAt: opts.now, nextCheckAt: null } },
        tx,
      ))
    )
      return null;
    if (await payOrder(tx, payment.orderId, { ...base, ...said })) return { kind: "paid" as const };
    // The order ended (cancelled) before its money arrived: give it back, never keep it.
    return {
      kind: "refunding" as const,
      refundId: await startOrphanRefund(tx, { ...payment, status: "succeeded" }, base),
    };
  });
  if (!outcome) return "unchanged";
  if (outcome.kind === "refunding") {
    await runRefund(outcome.refundId, { now: opts.now });
    return "refunding";
  }
  const order = await db.order.findUniqueOrThrow({ where: { id: payment.orderId } });
  await sendOrderReceivedEmail(order);
  return "paid";
}

/**
 * Order awaiting_payment → paid and every line paid (due for purchase now, docs/money-rules.md#m1).
 * The order's event repeats the payment's words, so the shopper's timeline says it once.
 */
async function payOrder(tx: Prisma.TransactionClient, orderId: string, base: Opts & Said): Promise<boolean> {
  const order = await tx.order.findUniqueOrThrow({ where: { id: orderId }, include: { lines: true } });
  if (!(await transitionOrder(orderId, "awaiting_payment", "paid", base, tx))) return false;
  for (const line of order.lines) {
    await transitionLine(
      line.id,
      "awaiting_payment",
      "paid",
      { ...base, ...say("paid"), data: { nextCheckAt: base.now } },
      tx,
    );
  }
  return true;
}

/** Money arrived for an order that can no longer be fulfilled: the payment moves to refunding. */
async function startOrphanRefund(
  tx: Prisma.TransactionClient,
  payment: { id: string; orderId: string; amount: Prisma.Decimal; currency: string; status: string },
  base: Opts,
): Promise<string> {
  await transitionPayment(
    payment.id,
    payment.status as PaymentStatus,
    "refunding",
    { ...base, ...say("lateRefunding") },
    tx,
  );
  const refund = await requestRefund(
    {
      orderId: payment.orderId,
      paymentId: payment.id,
      kind: "orphan_payment",
      amount: payment.amount,
      currency: payment.currency,
      reason: "The payment arrived after the order had ended.",
      now: base.now,
    },
    { tx },
  );
  return refund.id;
}

/**
 * Money the provider reports for an attempt the shop had already closed as failed (a payment
 * page paid after its order ended): failed → refunding, and the captured amount goes back.
 */
export async function refundLateMoney(paymentId: string, captured: CapturedFacts, opts: Opts): Promise<boolean> {
  const refundId = await db.$transaction(async (tx) => {
    const payment = await tx.payment.findUnique({ where: { id: paymentId } });
    if (!payment || payment.status !== "failed") return null;
    const base = { cause: opts.cause, causeRef: opts.causeRef ?? payment.providerRef ?? undefined, now: opts.now };
    return startOrphanRefund(tx, { ...payment, amount: captured.amount, currency: captured.currency }, base);
  });
  if (!refundId) return false;
  await runRefund(refundId, { now: opts.now });
  return true;
}

/** Marks a payment failed and cancels the order and its lines; nothing is bought. */
export async function markPaymentFailed(
  paymentId: string,
  reason: string,
  opts: Opts & { learnt?: Learnt },
): Promise<boolean> {
  const payment = await openPayment(paymentId);
  if (!payment) return false;
  return db.$transaction(async (tx) => {
    const base = { cause: opts.cause, causeRef: opts.causeRef ?? payment.providerRef ?? undefined, now: opts.now };
    if (
      !(await transitionPayment(
        paymentId,
        payment.status as PaymentStatus,
        "failed",
        { ...base, ...say("failed", { reason }), data: { ...opts.learnt, failureReason: reason, nextCheckAt: null } },
        tx,
      ))
    )
      return false;
    await cancelOrder(tx, payment.orderId, reason, base);
    return true;
  });
}

/** Order and lines cancelled, top-up fields wiped (an ended line keeps no account details, docs/money-rules.md#m6). */
async function cancelOrder(
  tx: Prisma.TransactionClient,
  orderId: string,
  reason: string,
  base: Opts,
): Promise<boolean> {
  if (!(await transitionOrder(orderId, "awaiting_payment", "cancelled", { ...base, ...say("failed", { reason }) }, tx)))
    return false;
  for (const line of await tx.orderLine.findMany({ where: { orderId }, select: { id: true } })) {
    await transitionLine(
      line.id,
      "awaiting_payment",
      "cancelled",
      { ...base, ...say("notCharged"), data: { fieldsEnc: null, nextCheckAt: null } },
      tx,
    );
  }
  return true;
}

/**
 * Holds a payment the provider reported with the wrong amount, currency or order: the order
 * stays awaiting payment, nothing is bought; the reason (for staff) is Payment.failureReason.
 */
export async function markPaymentHeld(
  paymentId: string,
  reason: string,
  opts: Opts & { learnt?: Learnt },
): Promise<boolean> {
  const payment = await openPayment(paymentId);
  if (!payment) return false;
  return transitionPayment(paymentId, payment.status as PaymentStatus, "held", {
    cause: opts.cause,
    causeRef: opts.causeRef ?? payment.providerRef ?? undefined,
    now: opts.now,
    ...say("paymentHeld"),
    data: { ...opts.learnt, failureReason: reason, nextCheckAt: null },
  });
}

/** Applies one answer of the provider (checkout, reconciler, lookup after a crash) to an open payment. */
export async function applyPaymentAnswer(
  paymentId: string,
  answer: PaymentCheck & Learnt,
  opts: Opts & { nextCheckAt?: Date },
): Promise<"paid" | "held" | "refunding" | "failed" | "pending" | "unchanged"> {
  const learnt = { providerRef: answer.providerRef, method: answer.method };
  if (answer.status === "succeeded")
    return markPaymentSucceeded(paymentId, { ...opts, captured: answer.captured, learnt });
  if (answer.status === "failed")
    return (await markPaymentFailed(paymentId, answer.failureReason ?? "Your payment did not go through.", {
      ...opts,
      learnt,
    }))
      ? "failed"
      : "unchanged";
  const payment = await openPayment(paymentId);
  if (!payment) return "unchanged";
  if (payment.status === "initiated") {
    const moved = await transitionPayment(paymentId, "initiated", "pending", {
      cause: opts.cause,
      now: opts.now,
      ...say("paymentPending"),
      data: { ...learnt, nextCheckAt: opts.nextCheckAt ?? null },
    });
    return moved ? "pending" : "unchanged";
  }
  await db.payment.updateMany({
    where: { id: paymentId, status: "pending" },
    data: { checks: { increment: 1 }, nextCheckAt: opts.nextCheckAt ?? null },
  });
  return "pending";
}
