// Which payment provider the shop uses: Stripe Checkout when STRIPE_SECRET_KEY is set, else
// the TEST provider. Tests swap it with setPaymentProvider().
import "server-only";
import type { PaymentProvider } from "./provider";
import { getStripeConfigFromEnv } from "./stripe/client";
import { createStripeProvider } from "./stripe/stripe-provider";
import { createTestProvider } from "./test-provider";

let current: PaymentProvider | null = null;

/** The active provider (the TEST provider until Stripe is configured). */
export function getPaymentProvider(): PaymentProvider {
  if (!current) {
    const stripe = getStripeConfigFromEnv();
    current = stripe ? createStripeProvider(stripe) : createTestProvider();
  }
  return current;
}

/** Tests inject a provider (or null to go back to the default). */
export function setPaymentProvider(provider: PaymentProvider | null): void {
  current = provider;
}

export type { PaymentProvider } from "./provider";
