// The one webhook inbox, for every sender (the upstream, Stripe): read the raw body through the
// capped reader → verify → record → claim the delivery once → apply → answer. Each sender is a
// WebhookSource (source.ts); the route handlers only pick the source. Every request leaves a row
// in the webhook log, whatever happens to it.
import "server-only";
import { runAfterResponse } from "@/lib/http/after-response";
import { readRawBody } from "./read-body";
import { claimDelivery, pruneWebhookLogOccasionally, recordOutcome, recordRejected, releaseClaim } from "./record";
import type { Applied, WebhookSource } from "./source";
import { log } from "@/lib/log";
import { countWebhook, countWebhookProcessed } from "@/lib/metrics/observe";

function answer(status: number, body: Record<string, unknown>): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : "unknown error";
}

/** Runs what applying asked to happen after the answer; its failure is logged, never raised. */
function runAfterwards(source: WebhookSource<unknown>, applied: Applied): void {
  const afterwards = applied.afterwards;
  if (!afterwards) return;
  runAfterResponse(() =>
    afterwards().catch((err: unknown) =>
      log.warn({ err, source: source.name }, "webhook: follow-up work failed; the reconciler will retry it"),
    ),
  );
}

/**
 * Applies a claimed delivery and stores its outcome; false when applying failed. Never throws: an
 * error is stored on the row (the reconciler's polling still covers what the delivery was about).
 */
export async function settleDelivery<B>(
  source: WebhookSource<B>,
  rowId: string,
  body: B,
  now: Date,
  reasonPrefix = "",
): Promise<boolean> {
  try {
    const applied = await source.apply(body, now);
    await recordOutcome(rowId, applied.status, reasonPrefix + applied.reason);
    countWebhookProcessed(source.name, applied.status);
    runAfterwards(source as WebhookSource<unknown>, applied);
    return true;
  } catch (error) {
    countWebhookProcessed(source.name, "error");
    await recordOutcome(rowId, "error", reasonPrefix + errorText(error)).catch((err: unknown) =>
      log.error({ err, source: source.name, deliveryId: rowId }, "webhook: outcome not recorded"),
    );
    return false;
  }
}

/**
 * Handles one POST from `source`. Answers 2xx for a new or an already-received delivery (so the
 * sender stops retrying), 4xx for anything refused, and 500 when the delivery could not be
 * recorded or, for an "inline" source, not applied — the sender then retries the same delivery.
 */
export async function receiveWebhook<B>(
  source: WebhookSource<B>,
  request: Request,
  nowMs = Date.now(),
): Promise<Response> {
  const raw = await readRawBody(request);
  if (!raw.ok) {
    await recordRejected(
      source.name,
      { headers: request.headers, bytes: raw.prefix, size: raw.size },
      "body_too_large",
      source.claimed?.(request.headers),
    );
    countWebhook(source.name, "rejected");
    return answer(413, { ok: false });
  }
  const receipt = { headers: request.headers, bytes: raw.bytes, size: raw.bytes.byteLength };
  const verified = source.verify(raw.bytes, request.headers, nowMs);
  if (!verified.ok) {
    await recordRejected(source.name, receipt, verified.reason, source.claimed?.(request.headers));
    countWebhook(source.name, "rejected");
    return answer(verified.status, { ok: false });
  }

  const claim = await claimDelivery(source.name, receipt, verified.claim);
  countWebhook(source.name, claim.kind === "duplicate" ? "duplicate" : "accepted");
  if (claim.kind === "duplicate") return answer(200, { ok: true, duplicate: true });
  const now = new Date(nowMs);
  if (source.settle === "after-response") {
    runAfterResponse(async () => {
      await settleDelivery(source, claim.rowId, verified.body, now);
      await pruneWebhookLogOccasionally(nowMs);
    });
    return answer(200, { ok: true, duplicate: false });
  }
  try {
    const applied = await source.apply(verified.body, now);
    await recordOutcome(claim.rowId, applied.status, applied.reason);
    countWebhookProcessed(source.name, applied.status);
    runAfterwards(source as WebhookSource<unknown>, applied);
    return answer(200, { ok: true, duplicate: false });
  } catch (error) {
    countWebhookProcessed(source.name, "error");
    await releaseClaim(claim.rowId, errorText(error));
    return answer(500, { ok: false });
  }
}
