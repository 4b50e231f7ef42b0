// The payment provider interface: what checkout, the reconciler and refunds need from any
// provider (the built-in TEST provider now, a real one later).
import type { Prisma } from "@prisma/client";

export type PaymentStatus = "pending" | "succeeded" | "failed";

export type CardInput = { number: string; expiry: string; cvc: string; name?: string };

export type CreatePaymentInput = {
  orderId: string;
  amount: Prisma.Decimal;
  currency: string;
  card: CardInput;
  now: Date;
};

export type PaymentResult = {
  providerRef: string;
  status: PaymentStatus;
  /** e.g. "card •••• 4242"; never the full number. */
  method: string;
  /** Plain words for the shopper when declined. */
  failureReason?: string;
};

export type RefundResult = { providerRef: string; status: "succeeded" | "failed"; failureReason?: string };

export type PaymentCallback = { providerRef: string; status: PaymentStatus };

export interface PaymentProvider {
  readonly name: string;
  /** Authorises and captures the amount (or starts an asynchronous confirmation). */
  createPayment(input: CreatePaymentInput): Promise<PaymentResult>;
  /** Asks the provider for the current status of a pending payment. */
  confirmPayment(providerRef: string, now: Date): Promise<{ status: PaymentStatus; failureReason?: string }>;
  /** Gives money back; partial amounts allowed (one failed line of a larger order). */
  refund(input: { providerRef: string; amount: Prisma.Decimal; currency: string; reason: string; idempotencyKey: string }): Promise<RefundResult>;
  /** Checks a provider → shop callback's signature; null when it is not authentic. */
  verifyCallback(rawBody: string, signature: string | null): Promise<PaymentCallback | null>;
}
