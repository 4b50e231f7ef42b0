// What one supplier's answer to a purchase means for the line (docs/suppliers.md#failover). A
// definite failure — the answer proves no order exists there — moves the line to the next offer,
// with a new idempotency key for that supplier; an answer that may hide an order (a timeout, a
// lost connection, a 5xx, an unreadable answer, a 409 without an order id) is resolved at the
// same supplier first (lib/orders/fulfilment/unknown-outcome.ts), and never failed over before
// that order is found or proven absent; an answer naming an order is read, never bought again.
// A refusal of the shopper's own input (account fields, the order itself) fails the line: another
// supplier would refuse it too. Pure: classifies lib/upstream/errors.ts.
import * as E from "@/lib/upstream/errors";

export type SupplierPause = "insufficient_balance" | "rate_limited" | "unauthorised";

export type AttemptVerdict =
  /** An order exists at this supplier: read it (never buy again, anywhere). */
  | { next: "read_back"; orderId: number }
  /** This supplier made nothing: try the next offer; `pause` says whether to pause the supplier. */
  | { next: "fail_over"; reason: string; pause?: SupplierPause }
  /** The request may have made an order here: find it or prove it absent before anything else. */
  | { next: "resolve_here" }
  /** No supplier can sell this line as asked: fail it and refund. */
  | { next: "fail_line"; reason: string };

const failOverReasons: [new (...args: never[]) => E.UpstreamError, string, SupplierPause?][] = [
  [E.OutOfStockError, "out of stock at the supplier"],
  [E.InvalidQuantityError, "this quantity is not available at the supplier"],
  [E.NotSupportedError, "the supplier cannot deliver this item now"],
  [E.NotFoundError, "the supplier no longer has this item"],
  [E.FailedReplayError, "the supplier could not complete this item"],
  [E.TerminalFailureError, "the supplier could not complete this item"],
  [E.InsufficientBalanceError, "the supplier's wallet is short", "insufficient_balance"],
  [E.RateLimitedError, "the supplier's rate limit was reached", "rate_limited"],
  [E.UnauthorizedError, "the supplier refused the shop's key", "unauthorised"],
];

export function attemptVerdict(err: unknown): AttemptVerdict {
  if (err instanceof E.UpstreamError && (err.status === 400 || err.status === 409) && err.orderId !== undefined)
    return { next: "read_back", orderId: err.orderId };
  if (err instanceof E.MissingFieldsError || err instanceof E.InvalidFieldsError)
    return { next: "fail_line", reason: "The supplier did not accept the account details." };
  if (err instanceof E.UpstreamValidationError)
    return { next: "fail_line", reason: "The supplier did not accept this order." };
  for (const [type, reason, pause] of failOverReasons)
    if (err instanceof type) return pause ? { next: "fail_over", reason, pause } : { next: "fail_over", reason };
  // Timeouts, lost connections, 5xx, unreadable answers, a 409 without an order id, and anything
  // unexpected: an order may exist.
  return { next: "resolve_here" };
}
