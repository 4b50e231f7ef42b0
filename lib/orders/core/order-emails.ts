// The shopper's emails about an order: received, delivered (codes ready / top-up credited) and
// refunded. Each links to the order page; codes appear in an email only when the owner turned
// that on, and then only in the copy sent to the buyer (kept encrypted until sent,
// docs/money-rules.md#m6).
import "server-only";
import { decryptJson } from "@/lib/crypto/codes-cipher";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { reasonIn } from "@/lib/i18n/known-reasons";
import { getCodesInEmail } from "@/lib/mail/codes-in-email";
import { amountString } from "@/lib/markets/format";
import { queueEmail } from "@/lib/mail/send-email";
import {
  codesReadyEmail,
  formatEmailMoney,
  orderPlacedEmail,
  partRefundedEmail,
  paymentRefundedEmail,
  refundedEmail,
  topupCreditedEmail,
  type EmailOrder,
} from "@/lib/mail/templates";
import type { StoredCode } from "./stored-code";
import { log } from "@/lib/log";

/** `reference` is the short order reference shoppers quote (e.g. GF-7K3P9Q) once orders have one. */
type OrderRef = { id: string; token: string; email: string; reference?: string | null };

/** The order page link: the only way in for a guest. */
export function orderUrl(token: string): string {
  return `${env.APP_URL}/orders/${token}`;
}

/** The order's printable receipt (lib/receipts): same token, same access as the order page. */
export function receiptUrl(token: string): string {
  return `${orderUrl(token)}/receipt`;
}

function emailOrder(order: OrderRef): EmailOrder {
  return { reference: order.reference ?? null, url: orderUrl(order.token) };
}

/** The language the order was placed in: its emails speak it (docs/markets.md#languages). */
async function orderLocale(orderId: string): Promise<string> {
  const row = await db.order.findUnique({ where: { id: orderId }, select: { locale: true } });
  return row?.locale ?? "en";
}

/** Sent once payment is confirmed: the lines, the total and the order page. */
export async function sendOrderReceivedEmail(order: OrderRef): Promise<void> {
  const full = await db.order.findUnique({
    where: { id: order.id },
    select: {
      currency: true,
      total: true,
      promoCode: true,
      discountTotal: true,
      locale: true,
      lines: {
        select: { productName: true, quantity: true, lineTotal: true, currency: true },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  if (!full) return;
  const lines = full.lines.map((l) => ({
    name: l.productName,
    quantity: l.quantity,
    amount: formatEmailMoney(amountString(l.lineTotal, l.currency), l.currency, full.locale),
  }));
  await queueEmail({
    to: order.email,
    orderId: order.id,
    kind: "order_received",
    dedupeKey: `${order.id}:received`,
    content: orderPlacedEmail({
      order: { ...emailOrder(order), receiptUrl: receiptUrl(order.token) },
      lines,
      total: formatEmailMoney(amountString(full.total, full.currency), full.currency, full.locale),
      discount: full.promoCode
        ? {
            code: full.promoCode,
            amount: formatEmailMoney(amountString(full.discountTotal, full.currency), full.currency, full.locale),
          }
        : undefined,
      locale: full.locale,
    }),
  });
}

/** Sent once per delivered line: "codes ready" (with the codes only if the owner chose so) or "credited". */
export async function sendLineDeliveredEmail(
  order: OrderRef,
  line: { id: string; productName: string; isTopup: boolean },
): Promise<void> {
  const base = { to: order.email, orderId: order.id, kind: "delivered", dedupeKey: `${line.id}:delivered` };
  const locale = await orderLocale(order.id);
  if (line.isTopup) {
    await queueEmail({
      ...base,
      content: topupCreditedEmail({ order: emailOrder(order), productName: line.productName, locale }),
    });
    return;
  }
  const row = await db.orderLine.findUnique({ where: { id: line.id }, select: { quantity: true, codesEnc: true } });
  const props = { order: emailOrder(order), productName: line.productName, quantity: row?.quantity ?? 1, locale };
  const codes =
    row?.codesEnc && (await getCodesInEmail()) ? readCodes(row.codesEnc, { orderId: order.id, lineId: line.id }) : null;
  if (!codes?.length) {
    await queueEmail({ ...base, content: codesReadyEmail(props) });
    return;
  }
  const label = (c: StoredCode) => [c.denomination, c.currency].filter(Boolean).join(" ");
  await queueEmail({
    ...base,
    // The outbox keeps (and staff read) a copy without the codes; the buyer's copy is encrypted.
    content: codesReadyEmail({
      ...props,
      codes: codes.map((c) => ({ label: label(c), code: "(sent to the buyer only)" })),
    }),
    secretContent: codesReadyEmail({ ...props, codes: codes.map((c) => ({ label: label(c), code: c.code })) }),
  });
}

/** The line's codes for the buyer's copy; null (a link-only email) if they cannot be read. */
function readCodes(codesEnc: string, ids: { orderId: string; lineId: string }): StoredCode[] | null {
  try {
    return decryptJson<StoredCode[]>(codesEnc);
  } catch {
    log.error(ids, "email: a line's codes could not be decrypted; the email links to the order page only");
    return null;
  }
}

/** Sent once per refunded line, with the amount and the reason in plain words (the shop's own reasons translated). */
export async function sendLineRefundedEmail(
  order: OrderRef,
  line: { id: string; productName: string },
  amount: string,
  currency: string,
  reason: string,
  opts: { delivered?: boolean; dedupeKey?: string } = {},
): Promise<void> {
  const locale = await orderLocale(order.id);
  await queueEmail({
    to: order.email,
    orderId: order.id,
    kind: "refunded",
    dedupeKey: opts.dedupeKey ?? `${line.id}:refunded`,
    content: refundedEmail({
      order: emailOrder(order),
      itemName: line.productName,
      amount: formatEmailMoney(amount, currency, locale),
      reason: reasonIn(locale, reason),
      delivered: opts.delivered,
      locale,
    }),
  });
}

/** Sent once per short delivery's refund: how many codes came, and what went back for the rest. */
export async function sendPartRefundedEmail(
  order: OrderRef,
  line: { productName: string; quantity: number; deliveredQuantity: number | null },
  refund: { id: string; amount: string; currency: string },
): Promise<void> {
  const locale = await orderLocale(order.id);
  await queueEmail({
    to: order.email,
    orderId: order.id,
    kind: "refunded",
    dedupeKey: `${refund.id}:refunded`,
    content: partRefundedEmail({
      order: emailOrder(order),
      itemName: line.productName,
      delivered: line.deliveredQuantity ?? 0,
      quantity: line.quantity,
      amount: formatEmailMoney(refund.amount, refund.currency, locale),
      locale,
    }),
  });
}

/** Sent once per whole-payment refund: a held payment staff refunded (with why), or one that came late. */
export async function sendPaymentRefundedEmail(
  order: OrderRef,
  refund: { id: string; amount: string; currency: string },
  why: { late: true } | { late?: false; reason: string },
): Promise<void> {
  const locale = await orderLocale(order.id);
  const amount = formatEmailMoney(refund.amount, refund.currency, locale);
  await queueEmail({
    to: order.email,
    orderId: order.id,
    kind: "refunded",
    dedupeKey: `${refund.id}:refunded`,
    content: paymentRefundedEmail({
      order: emailOrder(order),
      amount,
      locale,
      ...(why.late ? { late: true as const } : { reason: reasonIn(locale, why.reason) }),
    }),
  });
}
