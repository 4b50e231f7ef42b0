// The webhook log, for every sender (the upstream and Stripe): every receipt becomes a
// WebhookDelivery row, and the unique processedDeliveryId column makes "process each delivery
// once" a database fact shared by every app instance (docs/upstream-contract.md#6-webhooks), not an
// in-memory set.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { consumeRateLimit } from "@/lib/rate-limit";
import type { ClaimFacts, Claimed, DeliveryStatus, WebhookSourceName } from "./source";
import { log } from "@/lib/log";

/** Headers never stored, even though the upstream should not send them. */
const droppedHeaders = new Set(["authorization", "proxy-authorization", "cookie", "x-api-key"]);
const storedBodyLimit = 64 * 1024;
/** A refused delivery proves nothing: keep enough to recognise it, not what a stranger sent. */
export const rejectedBodyPrefixBytes = 256;
const rejectedHeadersChars = 2048;

/** The headers as a JSON object for the admin log, credentials dropped and values capped. */
export function serializeHeaders(headers: Headers, maxChars = 32 * 1024): string {
  const out: Record<string, string> = {};
  let size = 2;
  headers.forEach((value, key) => {
    if (droppedHeaders.has(key) || key.startsWith("x-peer-")) return;
    const v = value.slice(0, 512);
    size += key.length + v.length + 6;
    if (size <= maxChars) out[key] = v;
  });
  return JSON.stringify(out);
}

/** The stored part of a refused body: a short prefix, cut on a character boundary. */
export function rejectedBodyPrefix(bytes: Uint8Array): string {
  return Buffer.from(bytes.subarray(0, rejectedBodyPrefixBytes))
    .toString("utf8")
    .replace(/\uFFFD+$/, "");
}

/** Refused deliveries stored per hour across all clients; past it they are answered, not stored. */
const storedRejections = { limit: 500, windowMs: 3_600_000 };

function bodyText(bytes: Uint8Array, limit: number): string {
  return Buffer.from(bytes.subarray(0, limit)).toString("utf8");
}

type Receipt = { headers: Headers; bytes: Uint8Array; size: number };

/**
 * Records a refused delivery with its reason and a short prefix of its body; header values are
 * kept as claimed, unverified. Null when this hour's allowance of stored refusals is used up.
 */
export async function recordRejected(
  source: WebhookSourceName,
  receipt: Receipt,
  reason: string,
  claimed: Claimed = {},
): Promise<string | null> {
  if (!(await consumeRateLimit("webhook-rejections-stored", storedRejections)).ok) return null;
  const row = await db.webhookDelivery.create({
    data: {
      source,
      deliveryId: claimed.deliveryId?.slice(0, 200) ?? null,
      event: claimed.event?.slice(0, 100) ?? null,
      status: "rejected",
      reason,
      headers: serializeHeaders(receipt.headers, rejectedHeadersChars),
      body: rejectedBodyPrefix(receipt.bytes),
      bodyBytes: receipt.size,
    },
    select: { id: true },
  });
  return row.id;
}

export type Claim = { kind: "claimed" | "duplicate"; rowId: string };

/**
 * Records a verified delivery and tries to claim it. Exactly one row per key ever gets
 * processedDeliveryId set (unique index); every other arrival is recorded as a duplicate.
 */
export async function claimDelivery(source: WebhookSourceName, receipt: Receipt, facts: ClaimFacts): Promise<Claim> {
  const data = {
    source,
    deliveryId: facts.deliveryId.slice(0, 200),
    event: facts.event.slice(0, 100),
    upstreamOrderId: facts.upstreamOrderId,
    headers: serializeHeaders(receipt.headers),
    body: bodyText(receipt.bytes, storedBodyLimit),
    bodyBytes: receipt.size,
    secretUsed: facts.secretUsed,
  };
  try {
    const row = await db.webhookDelivery.create({
      data: { ...data, status: "accepted", processedDeliveryId: facts.key },
      select: { id: true },
    });
    return { kind: "claimed", rowId: row.id };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await db.webhookDelivery.create({
      data: { ...data, status: "duplicate", reason: "already_received" },
      select: { id: true },
    });
    return { kind: "duplicate", rowId: row.id };
  }
}

/** Gives a claim back after a processing error, so the sender's retry of the same delivery is applied. */
export async function releaseClaim(rowId: string, message: string): Promise<void> {
  await db.webhookDelivery.update({
    where: { id: rowId },
    data: { processedDeliveryId: null, status: "error", reason: message.slice(0, 500), processedAt: new Date() },
  });
}

/** Stores what processing did with a claimed delivery (shown in the admin log). */
export async function recordOutcome(rowId: string, status: DeliveryStatus, reason: string | null): Promise<void> {
  await db.webhookDelivery.update({
    where: { id: rowId },
    data: { status, reason: reason?.slice(0, 500) ?? null, processedAt: new Date() },
  });
}

/** Deletes log rows past the retention window; safe to call from any instance at any time. */
export async function pruneWebhookLog(nowMs = Date.now()): Promise<number> {
  const cutoff = new Date(nowMs - env.WEBHOOK_LOG_RETENTION_DAYS * 86_400_000);
  const { count } = await db.webhookDelivery.deleteMany({ where: { receivedAt: { lt: cutoff } } });
  return count;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

let lastPruneMs = 0;

/** Prunes at most once an hour per process, from the receiver itself, so no job is required. */
export async function pruneWebhookLogOccasionally(nowMs = Date.now()): Promise<void> {
  if (nowMs - lastPruneMs < 3_600_000) return;
  lastPruneMs = nowMs;
  await pruneWebhookLog(nowMs).catch((err: unknown) => log.error({ err }, "webhook: log prune failed"));
}
