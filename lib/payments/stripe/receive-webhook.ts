// The Stripe receiver's whole flow, independent of Next: raw bytes → constructEvent → record
// in the webhook log → claim the event id → apply → 2xx. A processing error gives the claim
// back and answers 500, so Stripe's retry of the same event is applied.
import "server-only";
import { env } from "@/lib/env";
import { countWebhook, countWebhookProcessed } from "@/lib/metrics/observe";
import { fulfilPaidOrder } from "@/lib/orders/reconcile";
import { runAfterResponse } from "@/lib/webhooks/after-response";
import { readRawBody } from "@/lib/webhooks/read-body";
import { recordOutcome } from "@/lib/webhooks/record";
import { handleStripeEvent } from "./handle-event";
import { claimStripeEvent, recordStripeRejected, releaseStripeClaim } from "./record-event";
import { verifyStripeEvent } from "./verify-event";
import { log } from "@/lib/log";

export type StripeReceiveOptions = {
  nowMs?: number;
  /** Endpoint secret; defaults to STRIPE_WEBHOOK_SECRET. */
  secret?: string;
  /** Starts buying a just-paid order; defaults to fulfilPaidOrder after the response. */
  onPaid?: (orderId: string) => void;
};

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

function startFulfilment(orderId: string): void {
  runAfterResponse(() =>
    fulfilPaidOrder(orderId).catch(() =>
      log.warn({ orderId }, "stripe: immediate fulfilment failed; the reconciler will retry"),
    ),
  );
}

/** Handles one POST /api/webhooks/stripe; every request leaves a row in the webhook log. */
export async function receiveStripeWebhook(request: Request, opts: StripeReceiveOptions = {}): Promise<Response> {
  const nowMs = opts.nowMs ?? Date.now();
  const raw = await readRawBody(request);
  if (!raw.ok) {
    await recordStripeRejected({ headers: request.headers, bytes: raw.prefix, size: raw.size }, "body_too_large");
    countWebhook("stripe", "rejected");
    return answer(413, { ok: false });
  }
  const receipt = { headers: request.headers, bytes: raw.bytes, size: raw.bytes.byteLength };
  const verified = verifyStripeEvent(
    raw.bytes,
    request.headers.get("stripe-signature"),
    opts.secret ?? env.STRIPE_WEBHOOK_SECRET,
    nowMs,
  );
  if (!verified.ok) {
    await recordStripeRejected(receipt, verified.reason);
    countWebhook("stripe", "rejected");
    return answer(400, { ok: false });
  }
  const claim = await claimStripeEvent(receipt, verified.event);
  countWebhook("stripe", claim.kind === "duplicate" ? "duplicate" : "accepted");
  if (claim.kind === "duplicate") return answer(200, { ok: true, duplicate: true });
  try {
    const outcome = await handleStripeEvent(verified.event, new Date(nowMs));
    await recordOutcome(claim.rowId, outcome.status, outcome.reason);
    countWebhookProcessed("stripe", outcome.status);
    if (outcome.paidOrderId) (opts.onPaid ?? startFulfilment)(outcome.paidOrderId);
    return answer(200, { ok: true, duplicate: false });
  } catch (error) {
    await releaseStripeClaim(claim.rowId, error instanceof Error ? error.name : "error");
    countWebhookProcessed("stripe", "error");
    return answer(500, { ok: false });
  }
}
