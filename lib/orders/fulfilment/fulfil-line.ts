// Buying one paid line upstream (POST /orders, docs/upstream-contract.md#48-purchase). The
// idempotency key is stored with paid → purchasing and reused for every retry until the failure is
// final (docs/money-rules.md#m2). Before each purchase call the line is marked "outcome unknown"
// (unknownOutcomeAt): a process that dies during the call leaves the mark, so the next worker knows
// an order may exist and never takes a refusal, a price rise or unreadable details for proof that
// none does (docs/money-rules.md#m4). The mark is cleared only by an answer that proves this
// attempt made nothing, when no earlier attempt was unknown; such an answer may also move the line
// to another supplier's offer with a new key (failover.ts, docs/suppliers.md#failover).
import "server-only";
import crypto from "node:crypto";
import { db, type Prisma } from "@/lib/db";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import { applyUpstreamOrder } from "./apply-upstream-order";
import { purchaseDeadlineMs } from "../core/line-lease";
import { guardPriceBeforePurchase, priceRoseMessage } from "./price-guard";
import { failLine, handlePurchaseError } from "./purchase-outcome";
import type { PurchasingLine } from "./purchasing-line";
import { recordedCall, type CallContext } from "./record-call";
import { refundFailedLine } from "../refunds/refund-line";
import { transitionLine, type Cause } from "../core/transition";
import { resolveMaybeOrdered } from "./unknown-outcome";
import { recordFirstAttempt, routeBeforePurchase } from "./failover";
import { ordersUpstream } from "../core/upstream-port";
import { say } from "../core/timeline-words";

/** `signal` bounds the whole step (price check, search, purchase); by default purchaseDeadlineMs, inside the lease. */
export type FulfilOptions = { now: Date; cause: Cause; signal?: AbortSignal };

const unreadableFields = "We could not read the account details for this top-up.";
const unreadableFieldsNote = "Top-up account details could not be decrypted (was CODES_ENCRYPTION_KEY changed?).";

/** Moves a paid line one step: buys it (paid/purchasing) or refunds it (failed). Call it under the line's lease. */
export async function fulfilLine(lineId: string, options: FulfilOptions): Promise<void> {
  // A step that outlives the lease could meet a second worker on the same line: it is abandoned first.
  const opts = { ...options, signal: options.signal ?? AbortSignal.timeout(purchaseDeadlineMs) };
  const line = await db.orderLine.findUnique({
    where: { id: lineId },
    include: { order: { include: { payments: true } } },
  });
  if (!line) return;
  if (line.status === "failed") {
    await refundFailedLine(lineId, opts);
    return;
  }
  if (line.status === "paid") return startPurchase(line, opts);
  if (line.status === "purchasing" && line.idempotencyKey) return retryPurchase(line, line.idempotencyKey, opts);
}

type LoadedLine = Prisma.OrderLineGetPayload<{ include: { order: { include: { payments: true } } } }>;

function readFields(line: { fieldsEnc: string | null }): { ok: true; fields?: Record<string, string> } | { ok: false } {
  try {
    return { ok: true, fields: line.fieldsEnc ? decryptJson<Record<string, string>>(line.fieldsEnc) : undefined };
  } catch {
    return { ok: false };
  }
}

async function startPurchase(paid: LoadedLine, opts: FulfilOptions & { signal: AbortSignal }): Promise<void> {
  // docs/money-rules.md#m1: the order's payment must be confirmed before anything is bought.
  if (!paid.order.payments.some((p) => p.status === "succeeded")) return;
  const line = await routeBeforePurchase(paid, opts.now);
  const fields = readFields(line);
  if (!fields.ok) {
    await transitionLine(line.id, "paid", "failed", {
      cause: opts.cause,
      ...say("failed", { reason: unreadableFields }),
      data: {
        failureReason: unreadableFields,
        nextCheckAt: opts.now,
        attentionReason: `${unreadableFieldsNote} Nothing was bought; the line was refunded.`,
        attentionAt: opts.now,
      },
      now: opts.now,
    });
    return refundIfFailed(line.id, opts);
  }
  const guard = await guardPriceBeforePurchase(line, opts);
  if (guard === "stopped") return refundIfFailed(line.id, opts);
  // Out of stock at its supplier, with another offer in stock: routed again (each time one offer fewer).
  if (guard === "rerouted") return fulfilLine(line.id, opts);
  if (guard !== "buy") return;
  const key = crypto.randomUUID();
  const moved = await transitionLine(line.id, "paid", "purchasing", {
    cause: opts.cause,
    ...say("buying"),
    data: {
      idempotencyKey: key,
      attempt: { increment: 1 },
      firstAttemptAt: opts.now,
      checks: 0,
      unknownOutcomeAt: opts.now,
    },
    now: opts.now,
  });
  if (moved) await recordFirstAttempt(line, key);
  if (moved)
    await purchase({ ...line, firstAttemptAt: opts.now, checks: 0, unknownOutcomeAt: null }, key, fields.fields, opts);
}

async function retryPurchase(
  line: LoadedLine,
  key: string,
  opts: FulfilOptions & { signal: AbortSignal },
): Promise<void> {
  const mayExist = line.unknownOutcomeAt !== null;
  const fields = readFields(line);
  if (!fields.ok) {
    // Without the details the key cannot be replayed. If no attempt can have made an order, refund now.
    if (mayExist) await resolveMaybeOrdered(line, unreadableFields, opts);
    else
      await failLine(line.id, unreadableFields, opts, {
        attentionReason: `${unreadableFieldsNote} No order was made; the line was refunded.`,
        attentionAt: opts.now,
      });
    return;
  }
  // A retry long after the quote is priced again like a first purchase; when an order may
  // already exist, a line not worth buying at today's price is looked for before anything else.
  const guard = await guardPriceBeforePurchase(line, { ...opts, mayExist });
  if (guard === "stopped") return refundIfFailed(line.id, opts);
  if (guard === "later" || guard === "rerouted") return;
  if (guard === "uncertain") return void (await resolveMaybeOrdered(line, priceRoseMessage, opts));
  if (!mayExist)
    await db.orderLine.updateMany({
      where: { id: line.id, status: "purchasing" },
      data: { unknownOutcomeAt: opts.now },
    });
  await purchase(line, key, fields.fields, opts);
}

/** One purchase call with the line's key; its outcome is applied by apply-upstream-order / purchase-outcome. */
async function purchase(
  line: PurchasingLine,
  key: string,
  fields: Record<string, string> | undefined,
  opts: FulfilOptions & { signal: AbortSignal },
): Promise<void> {
  const ctx: CallContext = {
    orderId: line.orderId,
    lineId: line.id,
    supplier: line.supplier,
    idempotencyKey: key,
    now: () => opts.now,
  };
  try {
    const order = await recordedCall(ctx, "POST /orders", () =>
      ordersUpstream(line.supplier).purchase(
        { itemCode: line.supplierItemCode ?? line.itemCode, quantity: line.quantity, fields, email: line.order.email },
        { idempotencyKey: key, priority: "purchase", signal: opts.signal },
      ),
    );
    await applyUpstreamOrder(line.id, order, { cause: opts.cause, now: opts.now });
  } catch (err) {
    await handlePurchaseError(line, err, ctx, opts);
  }
}

async function refundIfFailed(lineId: string, opts: FulfilOptions): Promise<void> {
  const line = await db.orderLine.findUnique({ where: { id: lineId }, select: { status: true } });
  if (line?.status === "failed") await refundFailedLine(lineId, opts);
}
