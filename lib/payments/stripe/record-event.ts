// Stripe events go into the same webhook log as upstream deliveries (source "stripe"); the
// unique processedDeliveryId ("stripe:" + event id) makes "each event once" a database fact.
import "server-only";
import type Stripe from "stripe";
import { db, Prisma } from "@/lib/db";
import { rejectedBodyPrefix, serializeHeaders } from "@/lib/webhooks/record";
import type { StripeRejectReason } from "./verify-event";

type Receipt = { headers: Headers; bytes: Uint8Array; size: number };

const storedBodyLimit = 64 * 1024;

function bodyText(bytes: Uint8Array): string {
  return Buffer.from(bytes.subarray(0, storedBodyLimit)).toString("utf8");
}

/** The claim key; prefixed so a Stripe id can never collide with an upstream delivery id. */
export function stripeClaimKey(eventId: string): string {
  return `stripe:${eventId}`;
}

/** Records a refused Stripe delivery (nothing in it is trusted). */
export async function recordStripeRejected(
  receipt: Receipt,
  reason: StripeRejectReason | "body_too_large",
): Promise<string> {
  const row = await db.webhookDelivery.create({
    // Nothing of a refused post is trusted: a short prefix only (lib/webhooks/record.ts).
    data: {
      source: "stripe",
      status: "rejected",
      reason,
      headers: serializeHeaders(receipt.headers, 2048),
      body: rejectedBodyPrefix(receipt.bytes),
      bodyBytes: receipt.size,
    },
    select: { id: true },
  });
  return row.id;
}

/** Records a verified event and claims its id; every later arrival is logged as a duplicate. */
export async function claimStripeEvent(
  receipt: Receipt,
  event: Stripe.Event,
): Promise<{ kind: "claimed" | "duplicate"; rowId: string }> {
  const data = {
    source: "stripe",
    deliveryId: event.id.slice(0, 200),
    event: event.type.slice(0, 100),
    headers: serializeHeaders(receipt.headers),
    body: bodyText(receipt.bytes),
    bodyBytes: receipt.size,
    secretUsed: "current",
  };
  try {
    const row = await db.webhookDelivery.create({
      data: { ...data, status: "accepted", processedDeliveryId: stripeClaimKey(event.id) },
      select: { id: true },
    });
    return { kind: "claimed", rowId: row.id };
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    const row = await db.webhookDelivery.create({
      data: { ...data, status: "duplicate", reason: "already_received" },
      select: { id: true },
    });
    return { kind: "duplicate", rowId: row.id };
  }
}

/** Gives a claim back after a processing error, so Stripe's retry of the same id is processed. */
export async function releaseStripeClaim(rowId: string, message: string): Promise<void> {
  await db.webhookDelivery.update({
    where: { id: rowId },
    data: { processedDeliveryId: null, status: "error", reason: message.slice(0, 500), processedAt: new Date() },
  });
}
