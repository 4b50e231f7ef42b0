// The payment provider interface: what checkout, the reconciler and refunds need from any
// provider — card-form providers (the built-in TEST provider) and hosted-redirect providers
// (Stripe Checkout), where the shopper pays on the provider's page and a signed webhook confirms.
import type { Prisma } from "@prisma/client";

export type PaymentStatus = "pending" | "succeeded" | "failed";

export type CardInput = { number: string; expiry: string; cvc: string; name?: string };

/** One order line as the provider's payment page shows it (shop prices, decimals). */
export type PaymentLineInput = { name: string; quantity: number; unitPrice: Prisma.Decimal; lineTotal: Prisma.Decimal };

export type CreatePaymentInput = {
  orderId: string;
  /**
   * The shop's payment row id, sent as the provider's idempotency key: a repeated call returns the
   * same payment, and lookupPayment(key) finds it after a crash.
   */
  idempotencyKey: string;
  amount: Prisma.Decimal;
  currency: string;
  /** Card-form providers only; hosted providers collect the card themselves. */
  card?: CardInput;
  /** Hosted providers: the buyer's email, the lines and the order link token for return URLs. */
  email?: string;
  lines?: PaymentLineInput[];
  orderToken?: string;
  now: Date;
};

export type PaymentResult =
  | {
      providerRef: string;
      status: PaymentStatus;
      /** e.g. "card •••• 4242"; never the full number. */
      method: string;
      /** Plain words for the shopper when declined. */
      failureReason?: string;
    }
  | {
      providerRef: string;
      /** The shopper must be sent to redirectUrl; a signed webhook settles the payment later. */
      status: "requires_redirect";
      redirectUrl: string;
      method: string;
      failureReason?: undefined;
    };

export type RefundResult = { providerRef: string; status: "succeeded" | "failed"; failureReason?: string };

/** What the provider says the shopper paid (checked against the order by lib/orders before it is believed). */
export type CapturedFacts = { amount: Prisma.Decimal; currency: string; orderId?: string };

export type PaymentCheck = { status: PaymentStatus; failureReason?: string; captured?: CapturedFacts };

/** What the provider knows of a payment attempt by its idempotency key. */
export type PaymentLookup =
  | {
      found: true;
      providerRef: string;
      status: PaymentStatus;
      method: string;
      failureReason?: string;
      captured?: CapturedFacts;
    }
  /** Nothing was charged with this key, and nothing can be any more. */
  | { found: false };

export interface PaymentProvider {
  readonly name: string;
  /** "card": checkout shows the card form; "redirect": the provider hosts the payment page. */
  readonly kind: "card" | "redirect";
  /** Authorises and captures the amount, starts an asynchronous confirmation, or returns a redirect. */
  createPayment(input: CreatePaymentInput): Promise<PaymentResult>;
  /**
   * Asks the provider for the current status of a pending payment. A success carries what was
   * captured when the provider can tell, so the shop checks it against the order (held if not).
   * Throws when the provider cannot be reached (the shop asks again later).
   */
  confirmPayment(providerRef: string, now: Date, payment?: { createdAt: Date }): Promise<PaymentCheck>;
  /**
   * Settles a payment attempt whose answer the shop never recorded (a crash or timeout while
   * calling createPayment). Must be final: "not found" means no money moved and none will.
   */
  lookupPayment(
    idempotencyKey: string,
    attempt: { orderId: string; createdAt: Date; now: Date },
  ): Promise<PaymentLookup>;
  /**
   * Gives money back; partial amounts allowed (one failed line of a larger order). The same
   * idempotency key must give the same refund, never a second one. "failed" is the provider's
   * final refusal; a thrown error means the outcome is unknown (retried with the same key).
   */
  refund(input: {
    providerRef: string;
    amount: Prisma.Decimal;
    currency: string;
    reason: string;
    idempotencyKey: string;
  }): Promise<RefundResult>;
  /**
   * What the provider actually captured (may differ from the order total when a payment is held);
   * null when it cannot tell. Optional: without it the shop's recorded amount is used.
   */
  capturedAmount?(providerRef: string): Promise<{ amount: Prisma.Decimal; currency: string } | null>;
  /**
   * The smallest charge the provider accepts in `currency` (`usdRate`: units of it per USD, when
   * known); null or absent: no minimum. Checkout refuses a smaller total before payment.
   */
  minimumCharge?(currency: string, usdRate: Prisma.Decimal | null): Prisma.Decimal | null;
}
