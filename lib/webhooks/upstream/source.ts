// The upstream as a webhook sender: HMAC-signed order notifications
// (docs/upstream-contract.md#6-webhooks). Answered at once and applied after the response: applying
// means reading the order back, which must not keep the upstream waiting.
import "server-only";
import { MAIN_SUPPLIER, findSupplierConfig } from "@/lib/upstream/suppliers";
import type { ClaimFacts, WebhookSource, WebhookSourceName } from "@/lib/webhooks/source";
import { applyUpstreamDelivery } from "./apply";
import { getAcceptedSecrets } from "./secrets";
import { verifyWebhook, webhookBodySchema, type RejectReason, type SigningSecret, type WebhookBody } from "./verify";

/** Authentication failures all look the same to the sender: nothing to learn from them. */
function statusFor(reason: RejectReason): number {
  if (reason === "body_too_large") return 413;
  if (reason === "malformed_body" || reason === "id_mismatch" || reason === "event_mismatch") return 400;
  return 401;
}

/**
 * What identifies a verified upstream delivery in the log. The upstream's id is main's claim key;
 * another supplier's ids are prefixed with its name, since two suppliers may reuse one id.
 */
export function upstreamClaimFacts(
  body: WebhookBody,
  secretUsed: SigningSecret["label"],
  supplier: string = MAIN_SUPPLIER,
): ClaimFacts {
  const key = supplier === MAIN_SUPPLIER ? body.id : `${supplier}:${body.id}`;
  return { key, deliveryId: body.id, event: body.event, upstreamOrderId: body.data.order_id, secretUsed };
}

/** The log's name for a supplier's deliveries: main keeps "upstream", as before. */
export function webhookSourceNameOf(supplier: string): WebhookSourceName {
  return supplier === MAIN_SUPPLIER ? "upstream" : `upstream:${supplier}`;
}

function buildSource(supplier: string): WebhookSource<WebhookBody> {
  return {
    name: webhookSourceNameOf(supplier),
    settle: "after-response",
    verify(raw, headers, nowMs) {
      const result = verifyWebhook({ rawBody: raw, headers, secrets: getAcceptedSecrets(nowMs, supplier), nowMs });
      if (!result.ok) return { ok: false, reason: result.reason, status: statusFor(result.reason) };
      return { ok: true, body: result.body, claim: upstreamClaimFacts(result.body, result.secretUsed, supplier) };
    },
    claimed: (headers) => ({ deliveryId: headers.get("x-webhook-id"), event: headers.get("x-webhook-event") }),
    // The body was verified when it was received; it is parsed again only to type it.
    parseStored: (text) => webhookBodySchema.parse(JSON.parse(text)),
    apply: (body, now) => applyUpstreamDelivery(body, supplier, now),
  };
}

/** The supplier main's deliveries, at /api/webhooks/upstream. */
export const upstreamWebhooks: WebhookSource<WebhookBody> = buildSource(MAIN_SUPPLIER);

/** A configured supplier's deliveries (verified with its own secrets), or null for a name none has. */
export function upstreamWebhooksFor(supplier: string): WebhookSource<WebhookBody> | null {
  if (supplier === MAIN_SUPPLIER) return upstreamWebhooks;
  return findSupplierConfig(supplier) ? buildSource(supplier) : null;
}

/** The source a stored row's name stands for (resuming a delivery), or null for a supplier no longer configured. */
export function upstreamWebhooksByName(name: string): WebhookSource<WebhookBody> | null {
  if (name === "upstream") return upstreamWebhooks;
  return name.startsWith("upstream:") ? upstreamWebhooksFor(name.slice("upstream:".length)) : null;
}
