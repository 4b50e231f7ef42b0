// Which payment provider the shop uses; tests swap it with setPaymentProvider().
import "server-only";
import type { PaymentProvider } from "./provider";
import { createTestProvider } from "./test-provider";

let current: PaymentProvider | null = null;

/** The active provider (the TEST provider until a real one is configured). */
export function getPaymentProvider(): PaymentProvider {
  current ??= createTestProvider();
  return current;
}

/** Tests inject a provider (or null to go back to the default). */
export function setPaymentProvider(provider: PaymentProvider | null): void {
  current = provider;
}

export type { PaymentProvider } from "./provider";
