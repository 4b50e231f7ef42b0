// Pure verification of one upstream webhook delivery (spec part 6): HMAC over the raw body
// bytes, the timestamp window, and header/body consistency. No I/O, no clock of its own.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

/** Spec 8: webhook timestamp tolerance. */
export const timestampToleranceS = 300;

export const webhookEvents = ["order.created", "order.completed", "order.failed"] as const;
export type WebhookEvent = (typeof webhookEvents)[number];

export const webhookBodySchema = z.object({
  event: z.string().min(1),
  id: z.string().min(1),
  created_at: z.string(),
  data: z.object({
    order_id: z.number().int().positive(),
    order_no: z.string(),
    status: z.string(),
    amount: z.union([z.number(), z.string()]),
  }),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

export type RejectReason =
  | "no_secret"
  | "missing_headers"
  | "bad_timestamp"
  | "stale_timestamp"
  | "future_timestamp"
  | "bad_signature"
  | "malformed_body"
  | "id_mismatch"
  | "event_mismatch"
  | "body_too_large";

/** A signing secret the receiver accepts; `label` is what the log records (never the secret). */
export type SigningSecret = { label: "current" | "previous"; secret: string };

export type VerifyInput = {
  rawBody: Uint8Array;
  headers: Headers;
  secrets: SigningSecret[];
  nowMs: number;
};

export type VerifyResult =
  { ok: true; body: WebhookBody; secretUsed: SigningSecret["label"] } | { ok: false; reason: RejectReason };

/** Hex HMAC-SHA256 of the exact bytes, keyed with the secret (what the upstream signs). */
export function computeSignature(rawBody: Uint8Array, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Constant-time check of `sha256=<hex>` against each accepted secret; returns the label that matched. */
export function matchSignature(
  rawBody: Uint8Array,
  header: string,
  secrets: SigningSecret[],
): SigningSecret["label"] | null {
  const m = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  const given = m ? Buffer.from(m[1], "hex") : Buffer.alloc(32);
  let matched: SigningSecret["label"] | null = null;
  // Every secret is checked even after a match, so timing says nothing about which one matched.
  for (const s of secrets) {
    const expected = Buffer.from(computeSignature(rawBody, s.secret), "hex");
    if (timingSafeEqual(expected, given) && m && matched === null) matched = s.label;
  }
  return matched;
}

/** Authenticates a delivery and checks it is self-consistent; the first failing check wins. */
export function verifyWebhook(input: VerifyInput): VerifyResult {
  const { rawBody, headers, secrets, nowMs } = input;
  if (secrets.length === 0) return { ok: false, reason: "no_secret" };

  const signature = headers.get("x-webhook-signature");
  const event = headers.get("x-webhook-event");
  const id = headers.get("x-webhook-id");
  const timestamp = headers.get("x-webhook-timestamp");
  if (!signature || !event || !id || !timestamp) return { ok: false, reason: "missing_headers" };

  if (!/^\d{1,12}$/.test(timestamp.trim())) return { ok: false, reason: "bad_timestamp" };
  const skewS = nowMs / 1000 - Number(timestamp.trim());
  if (skewS > timestampToleranceS) return { ok: false, reason: "stale_timestamp" };
  if (skewS < -timestampToleranceS) return { ok: false, reason: "future_timestamp" };

  const secretUsed = matchSignature(rawBody, signature, secrets);
  if (!secretUsed) return { ok: false, reason: "bad_signature" };

  // Only now, with the sender authenticated, is the body parsed.
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(rawBody).toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed_body" };
  }
  const parsed = webhookBodySchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: "malformed_body" };
  if (parsed.data.id !== id) return { ok: false, reason: "id_mismatch" };
  if (parsed.data.event !== event) return { ok: false, reason: "event_mismatch" };
  return { ok: true, body: parsed.data, secretUsed };
}

/** True for the events this shop acts on; others are recorded and acknowledged. */
export function isKnownEvent(event: string): event is WebhookEvent {
  return (webhookEvents as readonly string[]).includes(event);
}
