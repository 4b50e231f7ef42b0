// The shopper's three emails: received, delivered, refunded. They link to the order page;
// they never contain codes (M6).
import "server-only";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";

type OrderRef = { id: string; token: string; email: string };

/** The order page link: the only way in for a guest. */
export function orderUrl(token: string): string {
  return `${env.APP_URL}/orders/${token}`;
}

/** The order's short reference for subjects and bodies ("GF-7K3P9Q"), or "" for an order without one. */
async function referenceOf(orderId: string): Promise<string> {
  return (await db.order.findUnique({ where: { id: orderId }, select: { reference: true } }))?.reference ?? "";
}

const refLine = (ref: string) => (ref ? `Order reference: ${ref} (quote it if you contact us)\n` : "");

/** Sent once payment is confirmed. */
export async function sendOrderReceivedEmail(order: OrderRef): Promise<void> {
  const ref = await referenceOf(order.id);
  await sendEmail({
    to: order.email,
    orderId: order.id,
    kind: "order_received",
    dedupeKey: `${order.id}:received`,
    subject: `${env.SHOP_NAME}: we received your order${ref ? ` ${ref}` : ""}`,
    text: `Thanks for your order. Your payment is confirmed and we are getting it ready.\n\n${refLine(ref)}Follow it here: ${orderUrl(order.token)}\n`,
  });
}

/** Sent once per delivered line; the codes are on the order page, not in the email. */
export async function sendLineDeliveredEmail(order: OrderRef, line: { id: string; productName: string; isTopup: boolean }): Promise<void> {
  const what = line.isTopup ? "has been credited" : "is ready";
  const ref = await referenceOf(order.id);
  await sendEmail({
    to: order.email,
    orderId: order.id,
    kind: "delivered",
    dedupeKey: `${line.id}:delivered`,
    subject: `${env.SHOP_NAME}: your ${line.productName} ${what}`,
    text: `Your ${line.productName} ${what}.\n\n${refLine(ref)}Open your order to see it: ${orderUrl(order.token)}\n`,
  });
}

/** Sent once per refunded line, with the reason in plain words. */
export async function sendLineRefundedEmail(
  order: OrderRef,
  line: { id: string; productName: string },
  amount: string,
  currency: string,
  reason: string,
): Promise<void> {
  const ref = await referenceOf(order.id);
  await sendEmail({
    to: order.email,
    orderId: order.id,
    kind: "refunded",
    dedupeKey: `${line.id}:refunded`,
    subject: `${env.SHOP_NAME}: refund for ${line.productName}`,
    text: `We could not deliver ${line.productName}: ${reason}\n\nWe refunded ${amount} ${currency} to your payment method.\n\n${refLine(ref)}Order: ${orderUrl(order.token)}\n`,
  });
}
