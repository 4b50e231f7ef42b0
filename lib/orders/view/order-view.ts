// What the shopper sees of an order, by its token: status, amounts, lines and the timeline in
// shopper words. Never codes (they come only from revealCodes) and never top-up fields.
import "server-only";
import { db, Prisma } from "@/lib/db";
import { safeHttpUrl } from "@/lib/http/safe-url";
import { reasonIn } from "@/lib/i18n/known-reasons";
import { buildShopperTimeline } from "./shopper-timeline";
import { moneyString, walletView } from "./wallet-view";

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const shopperLineStatus: Record<string, string> = {
  awaiting_payment: "Waiting for payment",
  paid: "Processing",
  purchasing: "Processing",
  pending_upstream: "Processing",
  delivered: "Delivered",
  failed: "Refund in progress",
  refunded: "Refunded",
  cancelled: "Not charged",
};

const shopperOrderStatus: Record<string, string> = {
  awaiting_payment: "Waiting for payment confirmation",
  paid: "Processing",
  cancelled: "Payment declined",
  completed: "Delivered",
  partially_refunded: "Partly delivered, partly refunded",
  refunded: "Refunded",
};

const receiptStatuses = ["paid", "completed", "partially_refunded", "refunded"];

/** Loads an order by token; null for a malformed, unknown or someone else's token alike. */
export async function findOrderByToken(token: string) {
  if (!tokenPattern.test(token)) return null;
  return db.order.findUnique({ where: { token }, include: viewInclude });
}

/** True when `findOrderByToken` would find an order: the same test, without loading it. */
export async function orderTokenExists(token: string): Promise<boolean> {
  if (!tokenPattern.test(token)) return false;
  return (await db.order.findUnique({ where: { token }, select: { id: true } })) !== null;
}

const viewInclude = {
  lines: { orderBy: { createdAt: "asc" } },
  events: { orderBy: { createdAt: "asc" } },
  payments: true,
  refunds: true,
} satisfies Prisma.OrderInclude;

type ViewedOrder = Prisma.OrderGetPayload<{ include: typeof viewInclude }>;

/** The shopper's JSON view (used by the page and the 1 s polling endpoint). */
export async function getOrderViewByToken(token: string) {
  const order = await findOrderByToken(token);
  return order ? toOrderView(order) : null;
}

/**
 * The views of many orders in one query, by token, each with its order's id (the live feed's
 * key for change notifications). Unknown and malformed tokens are simply absent.
 */
export async function getOrderViewsByTokens(tokens: string[]): Promise<Map<string, { id: string; value: OrderView }>> {
  const valid = tokens.filter((t) => tokenPattern.test(t));
  const views = new Map<string, { id: string; value: OrderView }>();
  if (valid.length === 0) return views;
  const orders = await db.order.findMany({ where: { token: { in: valid } }, include: viewInclude });
  for (const order of orders) views.set(order.token, { id: order.id, value: toOrderView(order) });
  return views;
}

function toOrderView(order: ViewedOrder) {
  // In the currency's charge unit: 10.45 USD, Rp 810500 (docs/markets.md#minor-units).
  const money = (d: Prisma.Decimal) => moneyString(d, order.currency);
  const refunded = order.refunds.filter((r) => r.status === "succeeded");
  const refundedTotal = refunded.reduce((s, r) => s.plus(r.amount), new Prisma.Decimal(0));
  const pending = order.status === "awaiting_payment" || order.status === "paid";
  return {
    reference: order.reference,
    status: order.status,
    statusLabel: shopperOrderStatus[order.status] ?? order.status,
    pending,
    /** Paid and not settled yet: only now may the page promise "being processed, we will email you". */
    processing: order.status === "paid",
    currency: order.currency,
    total: money(order.total),
    /** The sale in the wallet currency and the rate of the sale; null when charged in it (wallet-view.ts). */
    wallet: walletView(order),
    /** The promo code and what it took off (lib/promos); null without one. */
    promo: order.promoCode ? { code: order.promoCode, discount: money(order.discountTotal) } : null,
    /** A receipt exists once money was taken (lib/receipts). */
    hasReceipt: receiptStatuses.includes(order.status),
    refundedTotal: money(refundedTotal),
    createdAt: order.createdAt.toISOString(),
    payment: order.payments[0] ? { status: order.payments[0].status, method: order.payments[0].method } : null,
    lines: order.lines.map((l) => ({
      id: l.id,
      productName: l.productName,
      itemCode: l.itemCode,
      quantity: l.quantity,
      unitPrice: money(l.unitPrice),
      lineTotal: money(l.lineTotal),
      status: l.status,
      statusLabel: shopperLineStatus[l.status] ?? l.status,
      isTopup: l.isTopup,
      displayName: l.displayName,
      hasCodes: l.status === "delivered" && l.codesEnc !== null,
      failureReason:
        (l.status === "failed" || l.status === "refunded") && l.failureReason
          ? reasonIn(order.locale, l.failureReason)
          : null,
      redemptionUrl: l.status === "delivered" ? safeHttpUrl(l.redemptionUrl) : null,
      redemptionInstructions: l.status === "delivered" ? l.redemptionInstructions : null,
      reference: l.upstreamOrderNo,
    })),
    timeline: buildShopperTimeline(order.events, order.lines, order.locale),
  };
}
export type OrderView = ReturnType<typeof toOrderView>;
