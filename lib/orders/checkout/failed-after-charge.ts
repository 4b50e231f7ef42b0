// A checkout that fails after the card was charged (or may have been) must not answer "you were
// not charged, try again": the shopper would pay twice. It says the payment went through, where
// the order is, and that the email with its link follows; the reconciler settles the payment and
// the order as for any unanswered payment (docs/money-rules.md#checkout-errors).
import "server-only";
import { env } from "@/lib/env";

type ChargedOrder = { id: string; token: string; email: string };
/** captured: the provider said succeeded; unknown: it said pending, or did not answer. */
export type Charge = "captured" | "unknown";

/** Thrown by checkout's payment step when something failed after the provider was asked to charge. */
export class FailedAfterChargeError extends Error {
  constructor(
    readonly order: ChargedOrder,
    readonly charge: Charge,
    options: { cause: unknown },
  ) {
    super("checkout: failed after the payment was taken", options);
    this.name = "FailedAfterChargeError";
  }
}

/** Runs work that follows a charge; its failure becomes FailedAfterChargeError (null: nothing was charged). */
export async function afterCharge<T>(order: ChargedOrder, charge: Charge | null, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (charge === null) throw err;
    throw new FailedAfterChargeError(order, charge, { cause: err });
  }
}

/** The order page's path (the form links it) and full address (the message and the API give it). */
export function orderPagePath(token: string): string {
  return `/orders/${token}`;
}

/** What the shopper reads: the money, the order page, the email; no invitation to pay again. */
export function failedAfterChargeMessage(err: FailedAfterChargeError): string {
  const paid = err.charge === "captured" ? "Your payment went through" : "Your payment was sent and is being confirmed";
  return (
    `${paid}, but something went wrong on our side while finishing your order. Please do not pay again: ` +
    `your order is at ${env.APP_URL}${orderPagePath(err.order.token)}, and we are emailing that link to ` +
    `${err.order.email}. The page shows what happens next.`
  );
}
