// The receiver's whole flow, independent of Next: read raw bytes → verify → record →
// answer → settle after the response. The route handler only calls this.
import "server-only";
import { countWebhook } from "@/lib/metrics/observe";
import { runAfterResponse } from "@/lib/webhooks/after-response";
import { processWebhookDelivery } from "@/lib/webhooks/process";
import { readRawBody } from "@/lib/webhooks/read-body";
import { claimDelivery, pruneWebhookLogOccasionally, recordRejected } from "@/lib/webhooks/record";
import { getAcceptedSecrets } from "@/lib/webhooks/secrets";
import { verifyWebhook, type RejectReason } from "@/lib/webhooks/verify";

/** Authentication failures all look the same to the sender: nothing to learn from them. */
function statusFor(reason: RejectReason): number {
  if (reason === "body_too_large") return 413;
  if (reason === "malformed_body" || reason === "id_mismatch" || reason === "event_mismatch") return 400;
  return 401;
}

function reject(reason: RejectReason): Response {
  countWebhook("upstream", "rejected");
  return Response.json({ ok: false }, { status: statusFor(reason), headers: { "cache-control": "no-store" } });
}

/**
 * Handles one upstream webhook request. Answers 2xx for a new or an already-received id
 * (so retries stop), 4xx for anything refused; every case leaves a row in the log.
 */
export async function receiveUpstreamWebhook(request: Request, nowMs = Date.now()): Promise<Response> {
  const raw = await readRawBody(request);
  if (!raw.ok) {
    await recordRejected({ headers: request.headers, bytes: raw.prefix, size: raw.size }, "body_too_large");
    return reject("body_too_large");
  }
  const receipt = { headers: request.headers, bytes: raw.bytes, size: raw.bytes.byteLength };
  const result = verifyWebhook({
    rawBody: raw.bytes,
    headers: request.headers,
    secrets: getAcceptedSecrets(nowMs),
    nowMs,
  });
  if (!result.ok) {
    await recordRejected(receipt, result.reason);
    return reject(result.reason);
  }

  const claim = await claimDelivery(receipt, result.body, result.secretUsed);
  countWebhook("upstream", claim.kind === "claimed" ? "accepted" : "duplicate");
  if (claim.kind === "claimed") {
    const body = result.body;
    runAfterResponse(async () => {
      await processWebhookDelivery(claim.rowId, body);
      await pruneWebhookLogOccasionally(nowMs);
    });
  }
  return Response.json(
    { ok: true, duplicate: claim.kind === "duplicate" },
    { status: 200, headers: { "cache-control": "no-store" } },
  );
}
