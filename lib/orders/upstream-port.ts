// The slice of the upstream client that orders use, so fulfilment reads as a list of outcomes.
import "server-only";
import { getUpstream } from "@/lib/upstream";
import type { FieldValidation, PurchaseInput, StockCheck, UpstreamOrder } from "@/lib/upstream/types";

export type OrdersUpstream = {
  check(input: { itemCode: string; quantity: number }): Promise<StockCheck>;
  validateFields(input: { itemCode: string; fields: Record<string, string> }): Promise<FieldValidation>;
  purchase(input: PurchaseInput, opts: { idempotencyKey: string; priority?: "purchase" }): Promise<UpstreamOrder>;
  getOrder(orderId: number, opts?: { priority?: "purchase" }): Promise<UpstreamOrder>;
};

/** The process's upstream client (tests inject the sandbox through setUpstream). */
export function ordersUpstream(): OrdersUpstream {
  const client: OrdersUpstream = getUpstream();
  return client;
}
