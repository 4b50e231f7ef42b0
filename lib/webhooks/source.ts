// What the inbox needs from each sender of webhooks: how to verify a delivery, what identifies it
// (for the once-only claim and the log), and what applying it does. One inbox (inbox.ts) runs the
// same flow for all of them: read the raw body (capped) → verify → record → claim → apply → answer.

/** "upstream" is the supplier main; another supplier's deliveries are "upstream:<supplier>" (docs/suppliers.md#webhooks). */
export type WebhookSourceName = "upstream" | `upstream:${string}` | "stripe";
export type DeliveryStatus = "accepted" | "processed" | "ignored" | "duplicate" | "rejected" | "error";

/** What a verified delivery says about itself; `key` is unique per sender ("stripe:<event id>", the upstream's id). */
export type ClaimFacts = {
  key: string;
  deliveryId: string;
  event: string;
  upstreamOrderId?: number;
  secretUsed: string;
};

export type Verified<B> = { ok: true; body: B; claim: ClaimFacts } | { ok: false; reason: string; status: number };

/** What a delivery's headers claim about it, unverified: kept on a refused delivery's row to recognise it. */
export type Claimed = { deliveryId?: string | null; event?: string | null };

export type Applied = {
  status: DeliveryStatus;
  reason: string;
  /** Work that must not delay the answer (e.g. buying a just-paid order). */
  afterwards?: () => Promise<void>;
};

export type WebhookSource<B> = {
  name: WebhookSourceName;
  verify(raw: Uint8Array, headers: Headers, nowMs: number): Verified<B>;
  claimed?(headers: Headers): Claimed;
  /** Parses a stored, already verified body again (resuming a delivery after a crash). */
  parseStored(text: string): B;
  apply(body: B, now: Date): Promise<Applied>;
  /**
   * "after-response": answer 2xx at once, apply after (an error is recorded; the reconciler's
   * polling still covers the order). "inline": apply before answering; an error gives the claim
   * back and answers 500, so the sender's retry is applied.
   */
  settle: "after-response" | "inline";
};
