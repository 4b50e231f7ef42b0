import "server-only";
// Outbound webhooks (spec part 6): queued inside the order transaction, delivered later with
// the exact headers, retried per contract.webhookRetryScheduleMs on the virtual clock, same id.
import crypto from "node:crypto";
import { webhookRetryScheduleMs } from "@/lib/upstream/contract";
import type { Ctx } from "./context";
import { centsToNumber } from "./money";
import type { OrderRow } from "./order-view";
import type { FlushResult, WebhookAttempt } from "./types";

export type WebhookEvent = "order.created" | "order.completed" | "order.failed";

const claimLeaseMs = 60_000;

type QueueRow = { seq: number; id: string; event: string; order_id: number; body: string; attempts: number };

/** Queues one delivery when a webhook URL and secret are configured; never carries codes. */
export function enqueueWebhook(ctx: Ctx, event: WebhookEvent, order: OrderRow): void {
  const s = ctx.settings();
  if (!s.webhookUrl || !s.webhookSecret) return;
  const id = `wh_${crypto.randomBytes(12).toString("hex")}`;
  const now = ctx.now();
  const body = JSON.stringify({
    event,
    id,
    created_at: new Date(now).toISOString(),
    data: {
      order_id: order.order_id,
      order_no: order.order_no,
      status: order.status,
      amount: centsToNumber(order.amount_cents),
    },
  });
  ctx.db
    .prepare(
      "INSERT INTO webhook_queue (id, event, order_id, body, attempts, next_attempt_ms, state) VALUES (?, ?, ?, ?, 0, ?, 'queued')",
    )
    .run(id, event, order.order_id, body, now);
}

/** `sha256=<hex>` HMAC-SHA256 of the raw body bytes. */
export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(Buffer.from(body, "utf8")).digest("hex")}`;
}

type Deliver = (url: string, init: RequestInit) => Promise<Response>;

async function attempt(
  url: string,
  secret: string,
  row: QueueRow,
  deliver: Deliver,
): Promise<{ status: number | null; error: string | null }> {
  try {
    const res = await deliver(url, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Webhook-Signature": signWebhookBody(row.body, secret),
        "X-Webhook-Event": row.event,
        "X-Webhook-Id": row.id,
        // Wall clock on purpose: receivers compare it with their own clock (spec 6 rule 2).
        "X-Webhook-Timestamp": String(Math.floor(Date.now() / 1000)),
      },
      body: row.body,
      signal: AbortSignal.timeout(10_000),
    });
    await res.arrayBuffer().catch(() => undefined);
    return { status: res.status, error: res.ok ? null : `HTTP ${res.status}` };
  } catch (e) {
    return { status: null, error: e instanceof Error ? e.message.slice(0, 200) : "delivery failed" };
  }
}

/** Delivers every due queued webhook in order; failures are rescheduled (same id) or given up after the schedule. */
export async function deliverDueWebhooks(ctx: Ctx, deliver: Deliver): Promise<FlushResult> {
  const result: FlushResult = { delivered: 0, failed: 0, pending: 0 };
  const s = ctx.settings();
  if (s.webhookUrl && s.webhookSecret) {
    const due = ctx.db
      .prepare("SELECT * FROM webhook_queue WHERE state = 'queued' AND next_attempt_ms <= ? ORDER BY seq")
      .all(ctx.now()) as QueueRow[];
    for (const row of due) {
      // Claim first (compare-and-set) so two processes sharing the file never deliver one row twice.
      const claimed = ctx.db
        .prepare(
          "UPDATE webhook_queue SET next_attempt_ms = ? WHERE seq = ? AND state = 'queued' AND attempts = ? AND next_attempt_ms <= ?",
        )
        .run(ctx.now() + claimLeaseMs, row.seq, row.attempts, ctx.now());
      if (claimed.changes !== 1) continue;
      const { status, error } = await attempt(s.webhookUrl, s.webhookSecret, row, deliver);
      const attempts = row.attempts + 1;
      const delivered = error === null;
      ctx.db
        .prepare(
          "INSERT INTO webhook_attempts (webhook_id, event, order_id, attempt, url, http_status, ok, error, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .run(row.id, row.event, row.order_id, attempts, s.webhookUrl, status, delivered ? 1 : 0, error, ctx.now());
      const retryIn = webhookRetryScheduleMs[attempts - 1];
      const state = delivered ? "delivered" : retryIn === undefined ? "abandoned" : "queued";
      ctx.db
        .prepare("UPDATE webhook_queue SET attempts = ?, state = ?, next_attempt_ms = ? WHERE seq = ?")
        .run(attempts, state, ctx.now() + (retryIn ?? 0), row.seq);
      if (delivered) result.delivered++;
      else result.failed++;
    }
  }
  result.pending = (
    ctx.db.prepare("SELECT COUNT(*) AS n FROM webhook_queue WHERE state = 'queued'").get() as { n: number }
  ).n;
  return result;
}

/** Every delivery attempt, oldest first (control.webhookLog). */
export function listWebhookAttempts(ctx: Ctx): WebhookAttempt[] {
  const rows = ctx.db.prepare("SELECT * FROM webhook_attempts ORDER BY seq").all() as {
    webhook_id: string;
    event: string;
    order_id: number;
    attempt: number;
    url: string;
    http_status: number | null;
    ok: number;
    error: string | null;
    at_ms: number;
  }[];
  return rows.map((r) => ({
    webhook_id: r.webhook_id,
    event: r.event,
    order_id: r.order_id,
    attempt: r.attempt,
    url: r.url,
    http_status: r.http_status,
    ok: r.ok === 1,
    error: r.error,
    at: new Date(r.at_ms).toISOString(),
  }));
}
