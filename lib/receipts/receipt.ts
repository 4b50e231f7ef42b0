// A printable receipt for an order, by its token (the same access as the order page: whoever
// holds the link). Only money that was actually taken is receipted: an order still waiting for
// its payment, or cancelled unpaid, has no receipt yet. Never codes or top-up fields.
import "server-only";
import { getShopSettings } from "@/lib/admin/settings/shop-settings";
import { Prisma } from "@/lib/db";
import { findOrderByToken } from "@/lib/orders/view/order-view";
import { moneyString, walletView } from "@/lib/orders/view/wallet-view";
import { capturedPaymentStatuses, type PaymentStatus } from "@/lib/orders/core/states";
import { localeOr, translatorFor } from "@/lib/i18n/translator";
import { getReceiptSettings } from "./receipt-settings";
import { includedTax } from "./tax";

const refundWords = {
  succeeded: "refunded",
  pending: "refundPending",
  calling: "refundPending",
} as const;

export type Receipt = NonNullable<Awaited<ReturnType<typeof getReceiptByToken>>>;

/** The receipt, `{ paid: false }` for an order with no money taken yet, or null for no such order. */
export async function getReceiptByToken(token: string) {
  const order = await findOrderByToken(token);
  if (!order) return null;
  const payment = order.payments.find((p) => capturedPaymentStatuses.includes(p.status as PaymentStatus));
  if (!payment || order.status === "awaiting_payment" || order.status === "cancelled")
    return { paid: false as const, reference: order.reference, locale: localeOr(order.locale) };
  const [{ shopName }, settings] = await Promise.all([getShopSettings(), getReceiptSettings()]);
  const names = new Map(order.lines.map((l) => [l.id, l.productName]));
  // In the language the order was placed in (docs/markets.md#languages).
  const locale = localeOr(order.locale);
  const t = translatorFor(locale, "receipt");
  // In the currency's charge unit: 10.45 USD, Rp 810500 (docs/markets.md#minor-units).
  const money = (d: Prisma.Decimal) => moneyString(d, order.currency);
  const refunds = order.refunds
    .filter((r) => r.status in refundWords)
    .map((r) => ({
      id: r.id,
      at: r.completedAt ?? r.createdAt,
      item: r.lineId ? (names.get(r.lineId) ?? t("wholeOrder")) : t("wholePayment"),
      amount: money(r.amount),
      label: t(refundWords[r.status as keyof typeof refundWords]),
      done: r.status === "succeeded",
    }));
  const refunded = order.refunds
    .filter((r) => r.status === "succeeded")
    .reduce((s, r) => s.plus(r.amount), new Prisma.Decimal(0));
  const rate = new Prisma.Decimal(settings.taxRatePercent);
  return {
    paid: true as const,
    locale,
    shopName,
    businessDetails: settings.businessDetails
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    reference: order.reference,
    email: order.email,
    orderedAt: order.createdAt,
    currency: order.currency,
    /** For a tax or accounting reader: the sale in the wallet currency and the rate of the sale (null: one currency). */
    wallet: walletView(order),
    lines: order.lines.map((l) => ({
      id: l.id,
      name: l.productName,
      quantity: l.quantity,
      unitPrice: money(l.unitPrice.plus(l.unitDiscount)),
      discount: money(l.unitDiscount.times(l.quantity)),
      total: money(l.lineTotal),
    })),
    subtotal: money(order.total.plus(order.discountTotal)),
    promo: order.promoCode ? { code: order.promoCode, discount: money(order.discountTotal) } : null,
    total: money(order.total),
    tax: rate.greaterThan(0)
      ? { label: settings.taxLabel, rate: rate.toString(), amount: includedTax(order.total, rate).toFixed(2) }
      : null,
    payment: {
      method: payment.method ?? t("card"),
      amount: money(payment.amount),
      at: payment.confirmedAt ?? payment.createdAt,
    },
    refunds,
    refundedTotal: money(refunded),
    netPaid: money(payment.amount.minus(refunded)),
  };
}
