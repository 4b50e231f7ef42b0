// The upstream as a webhook sender: HMAC-signed order notifications
// (docs/upstream-contract.md#6-webhooks). Answered at once and applied after the response: applying
// means reading the order back, which must not keep the upstream waiting.
import "server-only";
import type { ClaimFacts, WebhookSource } from "@/lib/webhooks/source";
import { applyUpstreamDelivery } from "./apply";
import { getAcceptedSecrets } from "./secrets";
import { verifyWebhook, webhookBodySchema, type RejectReason, type SigningSecret, type WebhookBody } from "./verify";

/** Authentication failures all look the same to the sender: nothing to learn from them. */
function statusFor(reason: RejectReason): number {
  if (reason === "body_too_large") return 413;
  if (reason === "malformed_body" || reason === "id_mismatch" || reason === "event_mismatch") return 400;
  return 401;
}

/** What identifies a verified upstream delivery in the log; the upstream's id is the claim key. */
export function upstreamClaimFacts(body: WebhookBody, secretUsed: SigningSecret["label"]): ClaimFacts {
  return { key: body.id, deliveryId: body.id, event: body.event, upstreamOrderId: body.data.order_id, secretUsed };
}

export const upstreamWebhooks: WebhookSource<WebhookBody> = {
  name: "upstream",
  settle: "after-response",
  verify(raw, headers, nowMs) {
    const result = verifyWebhook({ rawBody: raw, headers, secrets: getAcceptedSecrets(nowMs), nowMs });
    if (!result.ok) return { ok: false, reason: result.reason, status: statusFor(result.reason) };
    return { ok: true, body: result.body, claim: upstreamClaimFacts(result.body, result.secretUsed) };
  },
  claimed: (headers) => ({ deliveryId: headers.get("x-webhook-id"), event: headers.get("x-webhook-event") }),
  // The body was verified when it was received; it is parsed again only to type it.
  parseStored: (text) => webhookBodySchema.parse(JSON.parse(text)),
  apply: (body) => applyUpstreamDelivery(body),
};
