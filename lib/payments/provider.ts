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

export type PaymentCallback = { providerRef: string; status: PaymentStatus };

export interface PaymentProvider {
  readonly name: string;
  /** "card": checkout shows the card form; "redirect": the provider hosts the payment page. */
  readonly kind: "card" | "redirect";
  /** Authorises and captures the amount, starts an asynchronous confirmation, or returns a redirect. */
  createPayment(input: CreatePaymentInput): Promise<PaymentResult>;
  /** Asks the provider for the current status of a pending payment (createdAt lets it skip young ones). */
  confirmPayment(providerRef: string, now: Date, payment?: { createdAt: Date }): Promise<{ status: PaymentStatus; failureReason?: string }>;
  /** Gives money back; partial amounts allowed (one failed line of a larger order). */
  refund(input: { providerRef: string; amount: Prisma.Decimal; currency: string; reason: string; idempotencyKey: string }): Promise<RefundResult>;
  /**
   * What the provider actually captured (may differ from the order total when a payment is held);
   * null when it cannot tell. Optional: without it the shop's recorded amount is used.
   */
  capturedAmount?(providerRef: string): Promise<{ amount: Prisma.Decimal; currency: string } | null>;
  /** Checks a provider → shop callback's signature; null when it is not authentic. */
  verifyCallback(rawBody: string, signature: string | null): Promise<PaymentCallback | null>;
}
