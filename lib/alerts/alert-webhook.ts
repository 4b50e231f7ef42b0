// Alerts posted to a chat tool's incoming webhook (ALERT_WEBHOOK_URL), signed so a receiver can
// trust them: X-Alert-Timestamp (unix seconds) and X-Alert-Signature "v1=" + hex HMAC-SHA256 of
// "<timestamp>.<body>" under ALERT_WEBHOOK_SECRET. Each notice is an AlertWebhook row, recorded
// once (dedupe key), claimed before the POST and recorded after it; failures are retried with
// growing waits, then given up (the emails still went out). The body carries a `text` line, which
// Slack-style incoming webhooks display as it is. Posts go through the outbound guard like every
// fetch to a host the shop was given (docs/going-live.md#outbound-fetches): the receiver must be
// on a public address, and a redirect is an answer, never followed.
import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { outboundFetch, type OutboundDeps } from "@/lib/http/outbound-guard";
import { log } from "@/lib/log";

export type AlertPayload = {
  alert: string;
  state: "firing" | "cleared";
  incident: number;
  title: string;
  summary: string;
  details: { label: string; value: string }[];
  url: string;
  at: string;
};

/** After attempt n (1-based), wait this long; past the list, give up. */
const retryDelaysMs = [30_000, 120_000, 600_000, 1_800_000];
const claimMs = 60_000;
const postTimeoutMs = 10_000;
const maxAnswerBytes = 64 * 1024;

/** The signature header value for a body sent at `timestamp` (unix seconds). */
export function signAlertBody(secret: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** Records a notice for the webhook once per dedupe key. */
export async function recordAlertWebhook(dedupeKey: string, payload: AlertPayload, now: Date): Promise<void> {
  const text = `[${payload.state === "cleared" ? "cleared" : "alert"}] ${payload.title}: ${payload.summary} ${payload.url}`;
  try {
    await db.alertWebhook.create({
      data: { dedupeKey, body: JSON.stringify({ ...payload, text }), nextAttemptAt: now, createdAt: now },
    });
  } catch (err) {
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
  }
}

/** Posts every due notice (one at a time); returns how many were delivered. */
export async function deliverAlertWebhooks(now: Date = new Date(), outbound?: OutboundDeps): Promise<number> {
  const url = env.ALERT_WEBHOOK_URL;
  const secret = env.ALERT_WEBHOOK_SECRET;
  if (!url || !secret) return 0;
  const due = await db.alertWebhook.findMany({
    where: { status: { in: ["pending", "sending"] }, nextAttemptAt: { lte: now } },
    orderBy: { createdAt: "asc" },
    take: 20,
  });
  let sent = 0;
  for (const row of due) {
    const token = crypto.randomUUID();
    const claim = await db.alertWebhook.updateMany({
      where: { id: row.id, status: row.status, claimToken: row.claimToken, nextAttemptAt: { lte: now } },
      data: {
        status: "sending",
        claimToken: token,
        attempts: { increment: 1 },
        nextAttemptAt: new Date(now.getTime() + claimMs),
      },
    });
    if (claim.count === 0) continue;
    const error = await post(url, secret, row.body, now, outbound);
    const attempts = row.attempts + 1;
    const data =
      error === null
        ? { status: "sent", sentAt: now, error: null, claimToken: null }
        : attempts > retryDelaysMs.length
          ? { status: "failed", error, claimToken: null }
          : {
              status: "pending",
              error,
              claimToken: null,
              nextAttemptAt: new Date(now.getTime() + retryDelaysMs[attempts - 1]!),
            };
    await db.alertWebhook.updateMany({ where: { id: row.id, claimToken: token }, data });
    if (error === null) sent++;
    else log.warn({ attempts, status: data.status, reason: error }, "alerts: the chat webhook refused a notice");
  }
  return sent;
}

async function post(
  url: string,
  secret: string,
  body: string,
  now: Date,
  outbound: OutboundDeps | undefined,
): Promise<string | null> {
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    const res = await outboundFetch(
      url,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Alert-Timestamp": String(timestamp),
          "X-Alert-Signature": signAlertBody(secret, timestamp, body),
        },
        body,
        maxBytes: maxAnswerBytes,
        timeoutMs: postTimeoutMs,
      },
      outbound,
    );
    return res.status >= 200 && res.status < 300 ? null : `HTTP ${res.status}`;
  } catch (err) {
    return err instanceof Error ? err.name : "error";
  }
}

/** Deletes delivered or abandoned notices older than 30 days (housekeeping). */
export async function pruneAlertWebhooks(now: Date): Promise<number> {
  const { count } = await db.alertWebhook.deleteMany({
    where: { status: { in: ["sent", "failed"] }, createdAt: { lt: new Date(now.getTime() - 30 * 86_400_000) } },
  });
  return count;
}
