// Purchase outcome handling (spec 4.8 and part 7) for one paid line. The idempotency key is
// stored before the first call (M2) and reused for every retry until the failure is final.
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import * as E from "@/lib/upstream/errors";
import { applyUpstreamOrder, type ApplyContext } from "./apply-upstream-order";
import { purchaseDeadlineMs } from "./line-lease";
import { recordedCall, type CallContext } from "./record-call";
import { refundFailedLine } from "./refund-line";
import { insufficientBalanceGiveUpMs, nextRetryAt } from "./schedule";
import { transitionLine, type Cause } from "./transition";
import { ordersUpstream } from "./upstream-port";

/** `signal` bounds the purchase call; by default it ends purchaseDeadlineMs in, inside the lease. */
export type FulfilOptions = { now: Date; cause: Cause; signal?: AbortSignal };

/** Moves a paid line one step: buys it (paid/purchasing) or refunds it (failed). */
export async function fulfilLine(lineId: string, opts: FulfilOptions): Promise<void> {
  let line = await db.orderLine.findUnique({ where: { id: lineId }, include: { order: { include: { payments: true } } } });
  if (!line) return;
  if (line.status === "failed") {
    await refundFailedLine(lineId, opts);
    return;
  }
  if (line.status === "paid") {
    // M1: the order's payment must be confirmed before anything is bought.
    if (!line.order.payments.some((p) => p.status === "succeeded")) return;
    const key = crypto.randomUUID();
    const moved = await transitionLine(lineId, "paid", "purchasing", {
      cause: opts.cause,
      message: "Buying your item from the supplier.",
      data: { idempotencyKey: key, attempt: { increment: 1 }, firstAttemptAt: opts.now, checks: 0 },
      now: opts.now,
    });
    if (!moved) return;
    line = { ...line, status: "purchasing", idempotencyKey: key, firstAttemptAt: opts.now, checks: 0 };
  }
  if (line.status !== "purchasing" || !line.idempotencyKey) return;
  await purchaseWithKey(line, line.idempotencyKey, opts);
}

type PurchasingLine = {
  id: string;
  orderId: string;
  itemCode: string;
  quantity: number;
  fieldsEnc: string | null;
  checks: number;
  firstAttemptAt: Date | null;
  order: { email: string };
};

async function purchaseWithKey(line: PurchasingLine, key: string, opts: FulfilOptions): Promise<void> {
  const upstream = ordersUpstream();
  const ctx: CallContext = { orderId: line.orderId, lineId: line.id, idempotencyKey: key, now: () => opts.now };
  const apply: ApplyContext = { cause: opts.cause, now: opts.now };
  const fields = line.fieldsEnc ? decryptJson<Record<string, string>>(line.fieldsEnc) : undefined;
  // A call that outlives the lease could meet a second one for the same line: abandon it first
  // (outcome unknown, retried later with the same key).
  const signal = opts.signal ?? AbortSignal.timeout(purchaseDeadlineMs);
  try {
    const order = await recordedCall(ctx, "POST /orders", () =>
      upstream.purchase(
        { itemCode: line.itemCode, quantity: line.quantity, fields, email: line.order.email },
        { idempotencyKey: key, priority: "purchase", signal },
      ),
    );
    await applyUpstreamOrder(line.id, order, apply);
  } catch (err) {
    await handlePurchaseError(line, err, ctx, apply, opts);
  }
}

async function handlePurchaseError(line: PurchasingLine, err: unknown, ctx: CallContext, apply: ApplyContext, opts: FulfilOptions) {
  // Any 400 with order_id (M4: whatever its state says, the order exists and may be pending)
  // and 409 with order_id: read that order, never buy again and never refund unread.
  if (err instanceof E.UpstreamError && (err.status === 400 || err.status === 409) && err.orderId !== undefined) {
    await readBack(line, err.orderId, ctx, apply, opts);
    return;
  }
  const final = finalFailureReason(err);
  if (final) {
    await failLine(line.id, final, opts);
    return;
  }
  if (err instanceof E.InsufficientBalanceError && line.firstAttemptAt && opts.now.getTime() - line.firstAttemptAt.getTime() > insufficientBalanceGiveUpMs) {
    await failLine(line.id, "The item could not be bought in time.", opts);
    return;
  }
  // Unknown or temporary (timeout, network, 5xx, 429, 402, 409 without id, 401): same key later.
  const retryAfter = err instanceof E.RateLimitedError ? err.retryAfter : undefined;
  await scheduleRetry(line, opts.now, retryAfter);
}

async function readBack(line: PurchasingLine, orderId: number, ctx: CallContext, apply: ApplyContext, opts: FulfilOptions) {
  try {
    const order = await recordedCall(ctx, "GET /orders/{id}", () => ordersUpstream().getOrder(orderId, { priority: "purchase" }));
    await applyUpstreamOrder(line.id, order, apply);
  } catch {
    // The order exists upstream; remember it and let the poller read it (never buy again).
    await transitionLine(line.id, "purchasing", "pending_upstream", {
      cause: opts.cause,
      message: "The supplier is processing your order.",
      data: { upstreamOrderId: orderId, checks: 0, nextCheckAt: nextRetryAt(opts.now, 0) },
      now: opts.now,
    });
  }
}

/** Plain words for a failure that is final (no order exists upstream, or it will never succeed). */
function finalFailureReason(err: unknown): string | null {
  if (err instanceof E.OutOfStockError) return "The item went out of stock at the supplier.";
  if (err instanceof E.InvalidQuantityError) return "This quantity is no longer available for this item.";
  if (err instanceof E.NotSupportedError) return "This item cannot be delivered right now.";
  if (err instanceof E.MissingFieldsError || err instanceof E.InvalidFieldsError) return "The supplier did not accept the account details.";
  if (err instanceof E.UpstreamValidationError) return "The supplier did not accept this order.";
  if (err instanceof E.NotFoundError) return "This item is no longer available.";
  if (err instanceof E.FailedReplayError) return "The supplier could not complete this item.";
  if (err instanceof E.TerminalFailureError) return "The supplier could not complete this item.";
  return null;
}

async function failLine(lineId: string, reason: string, opts: FulfilOptions) {
  const moved = await transitionLine(lineId, "purchasing", "failed", {
    cause: opts.cause,
    message: reason,
    data: { failureReason: reason, nextCheckAt: opts.now },
    now: opts.now,
  });
  if (moved) await refundFailedLine(lineId, opts);
}

async function scheduleRetry(line: PurchasingLine, now: Date, retryAfterSeconds?: number) {
  await db.orderLine.updateMany({
    where: { id: line.id, status: "purchasing" },
    data: { checks: { increment: 1 }, nextCheckAt: nextRetryAt(now, line.checks, retryAfterSeconds) },
  });
}
