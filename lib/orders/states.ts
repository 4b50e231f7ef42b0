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
  paid: ["purchasing"],
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

/** The order's final status once every line is terminal; null while something is still open. */
export function settledOrderStatus(lines: { status: string }[]): OrderStatus | null {
  if (lines.some((l) => !terminalLineStatuses.includes(l.status as LineStatus))) return null;
  const delivered = lines.filter((l) => l.status === "delivered").length;
  if (delivered === lines.length) return "completed";
  if (delivered === 0) return "refunded";
  return "partially_refunded";
}
