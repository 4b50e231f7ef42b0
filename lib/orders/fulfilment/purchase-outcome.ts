// What a failed purchase call means (the contract's errors for POST /orders): read back an order
// it names, keep an order whose answer cannot be read, refund a final failure — unless an earlier
// attempt's outcome is unknown, when a refusal naming no order proves nothing (unknown-outcome.ts)
// — and otherwise retry with the same key later.
import "server-only";
import { db } from "@/lib/db";
import * as E from "@/lib/upstream/errors";
import { applyUpstreamOrder } from "./apply-upstream-order";
import { recordedCall, type CallContext } from "./record-call";
import { refundFailedLine } from "../refunds/refund-line";
import { insufficientBalanceGiveUpMs, nextRetryAt } from "../core/schedule";
import { transitionLine, type Cause } from "../core/transition";
import { resolveMaybeOrdered } from "./unknown-outcome";
import { failOver } from "./failover";
import type { PurchasingLine } from "./purchasing-line";
import { ordersUpstream } from "../core/upstream-port";
import { log } from "@/lib/log";
import { say } from "../core/timeline-words";

type Opts = { now: Date; cause: Cause; signal?: AbortSignal };

export function attention(reason: string, now: Date) {
  return { attentionReason: reason, attentionAt: now };
}

export async function handlePurchaseError(
  line: PurchasingLine,
  err: unknown,
  ctx: CallContext,
  opts: Opts,
): Promise<void> {
  // Any 400 or 409 that names an order: read that order, never buy again and never refund unread.
  if (err instanceof E.UpstreamError && (err.status === 400 || err.status === 409) && err.orderId !== undefined) {
    await readBack(line, err.orderId, ctx, opts);
    return;
  }
  // The upstream said yes but the answer cannot be read (undecryptable codes or data, a shape we
  // do not know): the order exists; keep what we know of it and ask staff, never buy again.
  if (err instanceof E.UpstreamProtocolError && err.status >= 200 && err.status < 300) {
    await unreadableSuccess(line, err, opts);
    return;
  }
  // A definite failure here, after no unknown outcome: the next supplier's offer, when there is one.
  if (!line.unknownOutcomeAt && (await failOver(line.id, err, opts))) return;
  const final = finalFailureReason(err);
  const gaveUpOn402 =
    err instanceof E.InsufficientBalanceError &&
    line.firstAttemptAt &&
    opts.now.getTime() - line.firstAttemptAt.getTime() > insufficientBalanceGiveUpMs;
  if (final || gaveUpOn402) {
    const reason = final ?? "The item could not be bought in time.";
    // This answer is about this attempt only: after an earlier unknown outcome it proves nothing.
    if (line.unknownOutcomeAt) await resolveMaybeOrdered(line, reason, opts);
    else await failLine(line.id, reason, opts);
    return;
  }
  // Retried with the same key later. Timeout, network, 5xx, an unreadable error answer or a 409
  // without an order id may have made an order (the mark stays); 429, 402 and 401 made nothing.
  const unknown =
    E.isOutcomeUnknown(err) ||
    err instanceof E.UpstreamServerError ||
    err instanceof E.UpstreamProtocolError ||
    err instanceof E.IdempotencyConflictError;
  const retryAfter = err instanceof E.RateLimitedError ? err.retryAfter : undefined;
  await db.orderLine.updateMany({
    where: { id: line.id, status: "purchasing" },
    data: {
      checks: { increment: 1 },
      nextCheckAt: nextRetryAt(opts.now, line.checks, retryAfter),
      ...(!unknown && !line.unknownOutcomeAt ? { unknownOutcomeAt: null } : {}),
    },
  });
}

async function readBack(line: PurchasingLine, orderId: number, ctx: CallContext, opts: Opts) {
  try {
    const order = await recordedCall(ctx, "GET /orders/{id}", () =>
      ordersUpstream(line.supplier).getOrder(orderId, { priority: "purchase", signal: opts.signal }),
    );
    await applyUpstreamOrder(line.id, order, opts);
  } catch (err) {
    // The order exists upstream; remember it and let the poller read it (never buy again).
    const unreadable = err instanceof E.UpstreamProtocolError && err.status >= 200 && err.status < 300;
    await transitionLine(line.id, "purchasing", "pending_upstream", {
      cause: opts.cause,
      ...say("processing"),
      data: {
        upstreamOrderId: orderId,
        checks: 0,
        nextCheckAt: nextRetryAt(opts.now, 0),
        ...(unreadable ? attention(unreadableReason, opts.now) : {}),
      },
      now: opts.now,
    });
  }
}

const unreadableReason =
  "The supplier confirmed this purchase but its answer could not be read (encrypted codes or data the shop cannot decrypt: check UPSTREAM_DECRYPTION_PRIVATE_KEY). The order is kept and read again; nothing is bought twice.";

/** Slow retries while staff fix the key: every 10 minutes. */
const unreadableRetryMs = 10 * 60_000;

async function unreadableSuccess(line: PurchasingLine, err: E.UpstreamProtocolError, opts: Opts) {
  const nextCheckAt = new Date(opts.now.getTime() + unreadableRetryMs);
  if (err.orderId !== undefined) {
    const moved = await transitionLine(line.id, "purchasing", "pending_upstream", {
      cause: opts.cause,
      ...say("processing"),
      data: {
        upstreamOrderId: err.orderId,
        upstreamOrderNo: err.orderNo ?? null,
        checks: 0,
        nextCheckAt,
        ...attention(unreadableReason, opts.now),
      },
      now: opts.now,
    });
    if (moved)
      log.error(
        { orderId: line.orderId, lineId: line.id, upstreamOrderId: err.orderId },
        "purchase: upstream answer unreadable; line kept waiting for staff",
      );
    return;
  }
  // No order id readable: keep the key (a replay returns the same order once it can be read).
  await db.orderLine.updateMany({
    where: { id: line.id, status: "purchasing" },
    data: { checks: { increment: 1 }, nextCheckAt, ...attention(unreadableReason, opts.now) },
  });
}

/** Plain words for a failure that is final (no order exists upstream, or it will never succeed). */
function finalFailureReason(err: unknown): string | null {
  if (err instanceof E.OutOfStockError) return "The item went out of stock at the supplier.";
  if (err instanceof E.InvalidQuantityError) return "This quantity is no longer available for this item.";
  if (err instanceof E.NotSupportedError) return "This item cannot be delivered right now.";
  if (err instanceof E.MissingFieldsError || err instanceof E.InvalidFieldsError)
    return "The supplier did not accept the account details.";
  if (err instanceof E.UpstreamValidationError) return "The supplier did not accept this order.";
  if (err instanceof E.NotFoundError) return "This item is no longer available.";
  if (err instanceof E.FailedReplayError) return "The supplier could not complete this item.";
  if (err instanceof E.TerminalFailureError) return "The supplier could not complete this item.";
  return null;
}

/** The line will not be bought (no order can exist for it): purchasing → failed, then its refund. */
export async function failLine(
  lineId: string,
  reason: string,
  opts: Opts,
  extra: { attentionReason?: string; attentionAt?: Date } = {},
) {
  const moved = await transitionLine(lineId, "purchasing", "failed", {
    cause: opts.cause,
    ...say("failed", { reason }),
    data: { failureReason: reason, nextCheckAt: opts.now, ...extra },
    now: opts.now,
  });
  if (moved) await refundFailedLine(lineId, opts);
}
