// What the books can find wrong (books.ts over the orders, supplier-orders.ts against a supplier's list).

export type BooksProblemKind =
  | "unbalanced"
  | "delivered_and_refunded"
  | "over_refunded"
  | "unresolved"
  | "sold_below_cost"
  | "refund_refused"
  | "refund_stuck"
  | "upstream_order_without_line"
  | "line_without_upstream_order"
  | "wallet_debit_mismatch";

/** `supplier`: on the comparison's problems, the supplier whose order list was compared. */
export type BooksProblem = {
  kind: BooksProblemKind;
  orderId: string;
  lineId?: string;
  detail: string;
  supplier?: string;
};
