// The one place a Stripe API client is built: secret key from the environment (or the caller),
// and STRIPE_API_BASE to point the official library at a local fake in tests.
import "server-only";
import Stripe from "stripe";
import { env } from "@/lib/env";

export type StripeClientConfig = { secretKey: string; apiBase?: string; timeoutMs?: number };

/** A configured `stripe` client; retries reuse the same idempotency key, so they are safe. */
export function createStripeClient(config: StripeClientConfig): Stripe {
  const options: Stripe.StripeConfig = {
    maxNetworkRetries: 2,
    telemetry: false,
    timeout: config.timeoutMs ?? 20_000,
    appInfo: { name: env.SHOP_NAME },
  };
  if (config.apiBase) {
    const url = new URL(config.apiBase);
    options.host = url.hostname;
    options.protocol = url.protocol === "http:" ? "http" : "https";
    options.port = url.port || (url.protocol === "http:" ? 80 : 443);
  }
  return new Stripe(config.secretKey, options);
}

/** The configuration from the environment; null when Stripe is not switched on. */
export function getStripeConfigFromEnv(): StripeClientConfig | null {
  return env.STRIPE_SECRET_KEY ? { secretKey: env.STRIPE_SECRET_KEY, apiBase: env.STRIPE_API_BASE } : null;
}
