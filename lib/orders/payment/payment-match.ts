// Whether money the provider reports matches the order it is for. One rule for the webhook and
// the reconciler: a mismatch holds the payment for staff, it never pays the order.
import type { Prisma } from "@/lib/db";

type Expected = { orderId: string; amount: Prisma.Decimal; currency: string };
type Captured = { amount: Prisma.Decimal; currency: string; orderId?: string };

/** Why the captured payment does not match the order; null when it does. */
export function capturedMismatch(expected: Expected, captured: Captured): string | null {
  if (captured.orderId !== undefined && captured.orderId !== expected.orderId) return "the payment names another order";
  const currency = captured.currency.toUpperCase();
  if (currency !== expected.currency.toUpperCase() || !captured.amount.equals(expected.amount)) {
    const got = captured.amount.isNegative() ? "no amount" : `${captured.amount.toFixed(2)} ${currency || "?"}`;
    return `the provider reported ${got}, the order total is ${expected.amount.toFixed(2)} ${expected.currency}`;
  }
  return null;
}
