// Purchase outcome handling (upstream contract: POST /orders and its errors) for one paid line.
// The idempotency key is stored before the first call (docs/money-rules.md#m2) and reused for
// every retry until the failure is final; an unknown outcome is never taken for a failure (#m4).
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import * as E from "@/lib/upstream/errors";
import { applyUpstreamOrder, type ApplyContext } from "./apply-upstream-order";
import { findUpstreamOrderFor, unknownOutcomeSearchMs } from "./find-upstream-order";
import { purchaseDeadlineMs } from "./line-lease";
import { guardPriceBeforePurchase, priceRoseMessage } from "./price-guard";
import { recordedCall, type CallContext } from "./record-call";
import { refundFailedLine } from "./refund-line";
import { insufficientBalanceGiveUpMs, nextRetryAt } from "./schedule";
import { transitionLine, type Cause } from "./transition";
import { ordersUpstream } from "./upstream-port";

/** `signal` bounds the purchase call; by default it ends purchaseDeadlineMs in, inside the lease. */
export type FulfilOptions = { now: Date; cause: Cause; signal?: AbortSignal };

/** Moves a paid line one step: buys it (paid/purchasing) or refunds it (failed). Call it under the line's lease. */
export async function fulfilLine(lineId: string, opts: FulfilOptions): Promise<void> {
  let line = await db.orderLine.findUnique({ where: { id: lineId }, include: { order: { include: { payments: true } } } });
  if (!line) return;
  if (line.status === "failed") {
    await refundFailedLine(lineId, opts);
    return;
  }
  if (line.status === "paid") {
    // docs/money-rules.md#m1: the order's payment must be confirmed before anything is bought.
    if (!line.order.payments.some((p) => p.status === "succeeded")) return;
    const guard = await guardPriceBeforePurchase(line, opts);
    if (guard === "stopped") return refundIfFailed(lineId, opts);
    if (guard === "later") return;
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
  // A retry long after the quote is priced again like a first purchase. When an earlier attempt's
  // outcome is unknown, the order may already exist: a line not worth buying at today's price is
  // looked for upstream first (adopted if found), and replayed if the upstream cannot be searched.
  if (line.attempt > 0) {
    const guard = await guardPriceBeforePurchase(line, { ...opts, mayExist: line.unknownOutcomeAt !== null });
    if (guard === "stopped") return refundIfFailed(lineId, opts);
    if (guard === "later") return;
    if (guard === "uncertain" && (await resolveUncertainRetry(line, opts)) !== "buy") return;
  }
  await purchaseWithKey(line, line.idempotencyKey, opts);
}

async function resolveUncertainRetry(line: PurchasingLine, opts: FulfilOptions): Promise<"buy" | "done"> {
  let found: Awaited<ReturnType<typeof findUpstreamOrderFor>>;
  try {
    found = await findUpstreamOrderFor(line, opts.now);
  } catch {
    return "done"; // the list could not be read: the reconciler comes back to this line
  }
  if (found.orderId !== null) {
    await adoptUpstreamOrder(line.id, found.orderId, opts);
    return "done";
  }
  if (!found.searchable) return "buy"; // replaying the key is the only way to know; a loss shows in the books
  await failLine(line.id, priceRoseMessage, opts, attention("The supplier's price rose after a purchase attempt with an unknown outcome; no supplier order was found for it, so the line was refunded instead of bought at the new price.", opts.now));
  return "done";
}

async function adoptUpstreamOrder(lineId: string, upstreamOrderId: number, opts: FulfilOptions): Promise<void> {
  await transitionLine(lineId, "purchasing", "pending_upstream", {
    cause: opts.cause,
    message: "The supplier is processing your order.",
    data: { upstreamOrderId, checks: 0, nextCheckAt: opts.now },
    now: opts.now,
  });
}

async function refundIfFailed(lineId: string, opts: FulfilOptions): Promise<void> {
  const line = await db.orderLine.findUnique({ where: { id: lineId }, select: { status: true } });
  if (line?.status === "failed") await refundFailedLine(lineId, opts);
}

export type PurchasingLine = {
  id: string;
  orderId: string;
  itemCode: string;
  quantity: number;
  fieldsEnc: string | null;
  checks: number;
  firstAttemptAt: Date | null;
  unknownOutcomeAt: Date | null;
  createdAt: Date;
  order: { email: string };
};

async function purchaseWithKey(line: PurchasingLine, key: string, opts: FulfilOptions): Promise<void> {
  const ctx: CallContext = { orderId: line.orderId, lineId: line.id, idempotencyKey: key, now: () => opts.now };
  const apply: ApplyContext = { cause: opts.cause, now: opts.now };
  let fields: Record<string, string> | undefined;
  try {
    fields = line.fieldsEnc ? decryptJson<Record<string, string>>(line.fieldsEnc) : undefined;
  } catch {
    await fieldsUnreadable(line, key, opts);
    return;
  }
  // A call that outlives the lease could meet a second one for the same line: abandon it first
  // (outcome unknown, retried later with the same key).
  const signal = opts.signal ?? AbortSignal.timeout(purchaseDeadlineMs);
  try {
    const order = await recordedCall(ctx, "POST /orders", () =>
      ordersUpstream().purchase({ itemCode: line.itemCode, quantity: line.quantity, fields, email: line.order.email }, { idempotencyKey: key, priority: "purchase", signal }),
    );
    await applyUpstreamOrder(line.id, order, apply);
  } catch (err) {
    await handlePurchaseError(line, err, ctx, apply, opts);
  }
}

async function handlePurchaseError(line: PurchasingLine, err: unknown, ctx: CallContext, apply: ApplyContext, opts: FulfilOptions) {
  // Any 400 or 409 that names an order: read that order, never buy again and never refund unread.
  if (err instanceof E.UpstreamError && (err.status === 400 || err.status === 409) && err.orderId !== undefined) {
    await readBack(line, err.orderId, ctx, apply, opts);
    return;
  }
  // The upstream said yes but the answer cannot be read (undecryptable codes or data, a shape we
  // do not know): the order exists; keep what we know of it and ask staff, never buy again.
  if (err instanceof E.UpstreamProtocolError && err.status >= 200 && err.status < 300) {
    await unreadableSuccess(line, err, opts);
    return;
  }
  const final = finalFailureReason(err);
  const gaveUpOn402 = err instanceof E.InsufficientBalanceError && line.firstAttemptAt && opts.now.getTime() - line.firstAttemptAt.getTime() > insufficientBalanceGiveUpMs;
  if (final || gaveUpOn402) {
    const reason = final ?? "The item could not be bought in time.";
    // After an unknown outcome, a refusal without an order id proves nothing: look first.
    if (line.unknownOutcomeAt) await searchThenFail(line, reason, opts);
    else await failLine(line.id, reason, opts);
    return;
  }
  // Unknown or temporary (timeout, network, 5xx, 429, 402, 409 without id, 401): same key later.
  const unknown = E.isOutcomeUnknown(err) || err instanceof E.UpstreamServerError || err instanceof E.UpstreamProtocolError || err instanceof E.IdempotencyConflictError;
  const retryAfter = err instanceof E.RateLimitedError ? err.retryAfter : undefined;
  await db.orderLine.updateMany({
    where: { id: line.id, status: "purchasing" },
    data: {
      checks: { increment: 1 },
      nextCheckAt: nextRetryAt(opts.now, line.checks, retryAfter),
      ...(unknown && !line.unknownOutcomeAt ? { unknownOutcomeAt: opts.now } : {}),
    },
  });
}

async function readBack(line: PurchasingLine, orderId: number, ctx: CallContext, apply: ApplyContext, opts: FulfilOptions) {
  try {
    const order = await recordedCall(ctx, "GET /orders/{id}", () => ordersUpstream().getOrder(orderId, { priority: "purchase" }));
    await applyUpstreamOrder(line.id, order, apply);
  } catch (err) {
    // The order exists upstream; remember it and let the poller read it (never buy again).
    const unreadable = err instanceof E.UpstreamProtocolError && err.status >= 200 && err.status < 300;
    await transitionLine(line.id, "purchasing", "pending_upstream", {
      cause: opts.cause,
      message: "The supplier is processing your order.",
      data: { upstreamOrderId: orderId, checks: 0, nextCheckAt: nextRetryAt(opts.now, 0), ...(unreadable ? attention(unreadableReason, opts.now) : {}) },
      now: opts.now,
    });
  }
}

const unreadableReason =
  "The supplier confirmed this purchase but its answer could not be read (encrypted codes or data the shop cannot decrypt: check UPSTREAM_DECRYPTION_PRIVATE_KEY). The order is kept and read again; nothing is bought twice.";

function attention(reason: string, now: Date) {
  return { attentionReason: reason, attentionAt: now };
}

/** Slow retries while staff fix the key: every 10 minutes. */
const unreadableRetryMs = 10 * 60_000;

async function unreadableSuccess(line: PurchasingLine, err: E.UpstreamProtocolError, opts: FulfilOptions) {
  const nextCheckAt = new Date(opts.now.getTime() + unreadableRetryMs);
  if (err.orderId !== undefined) {
    const moved = await transitionLine(line.id, "purchasing", "pending_upstream", {
      cause: opts.cause,
      message: "The supplier is processing your order.",
      data: { upstreamOrderId: err.orderId, upstreamOrderNo: err.orderNo ?? null, checks: 0, nextCheckAt, ...attention(unreadableReason, opts.now) },
      now: opts.now,
    });
    if (moved) console.error("purchase: upstream answer unreadable; line kept waiting for staff", line.id);
    return;
  }
  // No order id readable: keep the key (a replay returns the same order once it can be read).
  await db.orderLine.updateMany({
    where: { id: line.id, status: "purchasing" },
    data: { checks: { increment: 1 }, nextCheckAt, unknownOutcomeAt: line.unknownOutcomeAt ?? opts.now, ...attention(unreadableReason, opts.now) },
  });
}

/** Top-up account details that cannot be decrypted (a changed CODES_ENCRYPTION_KEY): never buy blind. */
async function fieldsUnreadable(line: PurchasingLine, key: string, opts: FulfilOptions) {
  const tried = line.unknownOutcomeAt !== null || (await db.upstreamCall.count({ where: { lineId: line.id, idempotencyKey: key } })) > 0;
  const reason = "We could not read the account details for this top-up.";
  if (!tried) {
    await failLine(line.id, reason, opts, attention("Top-up account details could not be decrypted (was CODES_ENCRYPTION_KEY changed?). Nothing was bought; the line was refunded.", opts.now));
    return;
  }
  await searchThenFail(line, reason, opts);
}

/**
 * A purchase that may exist upstream but cannot be completed by replaying its key: adopt the
 * order if the upstream's list shows it, else keep looking until the search window has passed,
 * then refund and tell staff a supplier order may still exist.
 */
async function searchThenFail(line: PurchasingLine, reason: string, opts: FulfilOptions) {
  const since = line.unknownOutcomeAt ?? line.firstAttemptAt ?? opts.now;
  let found: number | null = null;
  try {
    found = (await findUpstreamOrderFor(line, opts.now)).orderId;
  } catch {
    found = null; // the list could not be read now: look again later
  }
  if (found !== null) {
    await adoptUpstreamOrder(line.id, found, opts);
    return;
  }
  if (opts.now.getTime() - since.getTime() < unknownOutcomeSearchMs) {
    await db.orderLine.updateMany({ where: { id: line.id, status: "purchasing" }, data: { checks: { increment: 1 }, nextCheckAt: nextRetryAt(opts.now, line.checks) } });
    return;
  }
  await failLine(line.id, reason, opts, attention(`A purchase attempt had an unknown outcome and no matching supplier order was found in ${unknownOutcomeSearchMs / 60_000} minutes; the shopper was refunded. Check the supplier's orders for this item.`, opts.now));
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

async function failLine(lineId: string, reason: string, opts: FulfilOptions, extra: { attentionReason?: string; attentionAt?: Date } = {}) {
  const moved = await transitionLine(lineId, "purchasing", "failed", {
    cause: opts.cause,
    message: reason,
    data: { failureReason: reason, nextCheckAt: opts.now, ...extra },
    now: opts.now,
  });
  if (moved) await refundFailedLine(lineId, opts);
}
