// The slice of the upstream client that orders use, so fulfilment reads as a list of outcomes.
import "server-only";
import { getUpstream } from "@/lib/upstream";
import type {
  FieldValidation,
  OrderList,
  OrderListQuery,
  Priority,
  PurchaseInput,
  StockCheck,
  UpstreamOrder,
} from "@/lib/upstream/types";

/**
 * How long a shopper's checkout may wait for the upstream (budget wait included): past it the
 * shopper reads "try again in a moment" instead of a spinner that waits for the next window.
 */
export const checkoutUpstreamWaitMs = 10_000;

export type OrdersUpstream = {
  check(
    input: { itemCode: string; quantity: number },
    opts?: { signal?: AbortSignal; priority?: Priority; waitForBudget?: boolean },
  ): Promise<StockCheck>;
  validateFields(
    input: { itemCode: string; fields: Record<string, string> },
    opts?: { signal?: AbortSignal },
  ): Promise<FieldValidation>;
  purchase(
    input: PurchaseInput,
    opts: { idempotencyKey: string; priority?: "purchase"; signal?: AbortSignal },
  ): Promise<UpstreamOrder>;
  getOrder(orderId: number, opts?: { priority?: Priority; signal?: AbortSignal }): Promise<UpstreamOrder>;
  listOrders(q?: OrderListQuery, opts?: { priority?: Priority; signal?: AbortSignal }): Promise<OrderList>;
};

/** The process's client of a supplier, main by default (tests inject the sandbox through setUpstream). */
export function ordersUpstream(supplier?: string): OrdersUpstream {
  const client: OrdersUpstream = getUpstream(supplier);
  return client;
}
