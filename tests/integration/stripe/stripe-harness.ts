// Wires the shop to the fake Stripe API and signs events with the stripe library's own
// test-header helper, the way Stripe signs real deliveries.
import Stripe from "stripe";
import { resetEnvForTests } from "@/lib/env";
import { setPaymentProvider } from "@/lib/payments";
import { createStripeProvider } from "@/lib/payments/stripe/stripe-provider";
import { receiveStripeWebhook, type StripeReceiveOptions } from "@/lib/payments/stripe/receive-webhook";
import { startFakeStripe, type FakeStripe } from "./fake-stripe";

export const webhookSecret = "whsec_stripe_test_secret_0123456789";
export const secretKey = "sk_test_fake_0123456789";

/** Starts the fake and makes Stripe the shop's provider. */
export async function useStripe(): Promise<FakeStripe> {
  process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
  resetEnvForTests();
  const fake = await startFakeStripe();
  setPaymentProvider(createStripeProvider({ secretKey, apiBase: fake.apiBase }));
  return fake;
}

/** Stops the fake and goes back to the default provider. */
export async function stopStripe(fake: FakeStripe): Promise<void> {
  setPaymentProvider(null);
  delete process.env.STRIPE_WEBHOOK_SECRET;
  resetEnvForTests();
  await fake.close();
}

let eventCounter = 0;

/** A Stripe event body around a Checkout Session object. */
export function eventPayload(type: string, session: Record<string, unknown>, opts: { id?: string } = {}): string {
  return JSON.stringify(
    {
      id: opts.id ?? `evt_test_${++eventCounter}`,
      object: "event",
      type,
      api_version: Stripe.API_VERSION,
      created: 1,
      livemode: false,
      data: { object: session },
    },
    null,
    2,
  );
}

/** Signs with the library's helper; timestamp in seconds. */
export function sign(payload: string, opts: { secret?: string; timestampSec?: number } = {}): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? webhookSecret,
    timestamp: opts.timestampSec,
  });
}

/** POSTs one delivery to the shop's receiver. */
export async function deliver(
  payload: string,
  signature: string | null,
  opts: StripeReceiveOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signature) headers["stripe-signature"] = signature;
  return receiveStripeWebhook(
    new Request("http://shop.test/api/webhooks/stripe", { method: "POST", headers, body: payload }),
    opts,
  );
}
