// The two order operations staff do that the checkout module has no function for:
// reading a line's codes as staff, and sending the order link again.
import "server-only";
import { randomUUID } from "node:crypto";
import type { StaffUser } from "@/lib/auth/roles";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import { db } from "@/lib/db";
import { queueEmail } from "@/lib/mail/send-email";
import { orderLinkEmail } from "@/lib/mail/templates";
import type { StoredCode } from "@/lib/orders/core/stored-code";
import { orderUrl } from "@/lib/orders/core/order-emails";
import { recordOrderEvent } from "@/lib/orders/core/transition";
import { say } from "@/lib/orders/core/timeline-words";

/** Decrypts one delivered line's codes and notes the reveal on the timeline; null when none. */
export async function revealLineCodes(
  lineId: string,
  actor: StaffUser,
): Promise<{ orderId: string; codes: StoredCode[] } | null> {
  const line = await db.orderLine.findUnique({
    where: { id: lineId },
    select: { id: true, orderId: true, status: true, codesEnc: true, productName: true },
  });
  if (!line || line.status !== "delivered" || !line.codesEnc) return null;
  const codes = decryptJson<StoredCode[]>(line.codesEnc);
  await recordOrderEvent({
    orderId: line.orderId,
    lineId,
    kind: "reveal",
    cause: "staff",
    causeRef: actor.id,
    ...say("revealedByStaff", { product: line.productName }),
  });
  return { orderId: line.orderId, codes };
}

/** Sends the order page link again; each resend is its own outbox row. Null when no such order. */
export async function resendOrderLink(orderId: string, actor: StaffUser): Promise<{ to: string } | null> {
  const order = await db.order.findUnique({
    where: { id: orderId },
    select: { id: true, token: true, email: true, locale: true },
  });
  if (!order) return null;
  await queueEmail({
    to: order.email,
    orderId: order.id,
    kind: "order_link",
    dedupeKey: `${order.id}:resend:${randomUUID()}`,
    content: orderLinkEmail({ order: { url: orderUrl(order.token) }, locale: order.locale }),
  });
  await recordOrderEvent({
    orderId: order.id,
    kind: "email",
    cause: "staff",
    causeRef: actor.id,
    ...say("linkEmailed"),
  });
  return { to: order.email };
}
