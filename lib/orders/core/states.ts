// The order and line state machines as data: the only legal moves. Pure; shared by the
// transition function, the admin and the shopper page.

export const lineStatuses = [
  "awaiting_payment",
  "paid",
  "purchasing",
  "pending_upstream",
  "delivered",
  "failed",
  "refunded",
  "cancelled",
] as const;
export type LineStatus = (typeof lineStatuses)[number];

/** Line transitions. `purchasing` means: key stored, outcome not yet known (retried with the same key). */
export const lineTransitions: Record<LineStatus, readonly LineStatus[]> = {
  awaiting_payment: ["paid", "cancelled"],
  // paid → failed: never bought (the supplier's price rose past the margin, account details unreadable).
  paid: ["purchasing", "failed"],
  purchasing: ["pending_upstream", "delivered", "failed"],
  pending_upstream: ["delivered", "failed"],
  failed: ["refunded"],
  delivered: [],
  refunded: [],
  cancelled: [],
};

/**
 * Moves only staff may make, on top of the table above: refunding a delivered line (a faulty
 * card). Nothing automatic (poll, webhook, reconciler) can ever take back a delivery.
 */
export const staffLineTransitions: Partial<Record<LineStatus, readonly LineStatus[]>> = {
  delivered: ["refunded"],
};

export const orderStatuses = [
  "awaiting_payment",
  "paid",
  "cancelled",
  "completed",
  "partially_refunded",
  "refunded",
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_payment: ["paid", "cancelled"],
  paid: ["completed", "partially_refunded", "refunded"],
  cancelled: [],
  completed: [],
  partially_refunded: [],
  refunded: [],
};

/** A settled order changes again only when staff refund a delivered line. */
export const staffOrderTransitions: Partial<Record<OrderStatus, readonly OrderStatus[]>> = {
  completed: ["partially_refunded", "refunded"],
  partially_refunded: ["refunded"],
};

export const terminalLineStatuses: readonly LineStatus[] = ["delivered", "refunded", "cancelled"];

/** True when `from → to` is in the table, or in the staff table and `cause` is "staff". */
export function canMoveLine(from: LineStatus, to: LineStatus, cause?: string): boolean {
  if (lineTransitions[from]?.includes(to)) return true;
  return cause === "staff" && (staffLineTransitions[from]?.includes(to) ?? false);
}

/** True when `from → to` is in the table, or in the staff table and `cause` is "staff". */
export function canMoveOrder(from: OrderStatus, to: OrderStatus, cause?: string): boolean {
  if (orderTransitions[from]?.includes(to)) return true;
  return cause === "staff" && (staffOrderTransitions[from]?.includes(to) ?? false);
}

/** A delivered line that got fewer codes than were paid for (the rest is refunded). */
export function isShortDelivered(line: {
  status: string;
  quantity: number;
  deliveredQuantity?: number | null;
}): boolean {
  return line.status === "delivered" && line.deliveredQuantity != null && line.deliveredQuantity < line.quantity;
}

/** The order's final status once every line is terminal; null while something is still open. */
export function settledOrderStatus(
  lines: { status: string; quantity?: number; deliveredQuantity?: number | null }[],
): OrderStatus | null {
  if (lines.some((l) => !terminalLineStatuses.includes(l.status as LineStatus))) return null;
  const delivered = lines.filter((l) => l.status === "delivered");
  if (delivered.length === 0) return "refunded";
  const whole = delivered.filter((l) => !isShortDelivered({ quantity: 0, ...l }));
  return whole.length === lines.length ? "completed" : "partially_refunded";
}

// ───────────── payments ─────────────

export const paymentStatuses = [
  "initiated",
  "pending",
  "succeeded",
  "failed",
  "held",
  "refunding",
  "refunded",
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/**
 * Payment moves. `initiated`: the row exists and the provider may be being called (its id is the
 * provider's idempotency key). `held`: money arrived that does not match the order; staff decide
 * (release → succeeded, refund → refunding). `succeeded → refunding`: the money arrived for an
 * order that had already ended. `refunding → held`: the provider refused the refund; staff decide.
 */
export const paymentTransitions: Record<PaymentStatus, readonly PaymentStatus[]> = {
  initiated: ["pending", "succeeded", "failed", "held"],
  pending: ["succeeded", "failed", "held"],
  held: ["succeeded", "refunding"],
  succeeded: ["refunding"],
  refunding: ["refunded", "held"],
  // The provider reported money for an attempt the shop had closed as failed (e.g. a payment page
  // that was paid after the order ended): it is given back, never kept.
  failed: ["refunding"],
  refunded: [],
};

/** Money the provider holds for the shop on this payment (refunds are counted separately). */
export const capturedPaymentStatuses: readonly PaymentStatus[] = ["succeeded", "held", "refunding", "refunded"];

export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  return paymentTransitions[from]?.includes(to) ?? false;
}

// ───────────── refunds ─────────────

export const refundStatuses = ["pending", "calling", "succeeded", "failed"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * Refund moves: claimed (pending → calling) before the provider is called; an unknown outcome
 * goes back to pending (retried with the same idempotency key); the provider's answer is final.
 */
export const refundTransitions: Record<RefundStatus, readonly RefundStatus[]> = {
  pending: ["calling"],
  // calling → calling: a claim whose holder died (its claim expired) is taken over.
  calling: ["calling", "succeeded", "failed", "pending"],
  succeeded: [],
  failed: [],
};

export const refundKinds = ["failed_line", "short_delivery", "staff", "held_payment", "orphan_payment"] as const;
export type RefundKind = (typeof refundKinds)[number];
