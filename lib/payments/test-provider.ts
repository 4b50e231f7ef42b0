// The TEST payment provider (TEST MODE): no money moves. Documented card numbers decide the
// outcome; the delayed card confirms asynchronously (the reconciler asks after a delay).
import "server-only";
import crypto from "node:crypto";
import { env } from "@/lib/env";
import type { PaymentProvider, PaymentStatus } from "./provider";

export const testCards = {
  succeeds: "4242424242424242",
  declines: "4000000000000002",
  delayed: "4000000000003220",
} as const;

function secret(): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", env.CODES_ENCRYPTION_KEY, "test-payments", "callback", 32));
}

/** The test provider keeps no state: a ref encodes its scenario and when it becomes confirmed. */
function makeRef(scenario: "ok" | "declined" | "delayed", readyAt: number): string {
  return `tp_${crypto.randomBytes(12).toString("hex")}_${scenario}_${readyAt}`;
}

function parseRef(ref: string): { scenario: string; readyAt: number } | null {
  const m = /^tp_[0-9a-f]{24}_(ok|declined|delayed)_(\d+)$/.exec(ref);
  return m ? { scenario: m[1]!, readyAt: Number(m[2]) } : null;
}

/** Builds the provider; delayMs is how long the 3220 card stays pending. */
export function createTestProvider(opts: { delayMs?: number } = {}): PaymentProvider {
  const delayMs = opts.delayMs ?? env.TEST_PAYMENT_DELAY_MS;
  return {
    name: "test",
    kind: "card",
    async createPayment({ card, now }) {
      if (!card) return { providerRef: makeRef("declined", now.getTime()), status: "failed", method: "TEST card", failureReason: "Enter the card details." };
      const digits = card.number.replace(/\D/g, "");
      const method = `TEST card •••• ${digits.slice(-4)}`;
      if (digits === testCards.succeeds) return { providerRef: makeRef("ok", now.getTime()), status: "succeeded", method };
      if (digits === testCards.delayed) {
        return { providerRef: makeRef("delayed", now.getTime() + delayMs), status: "pending", method };
      }
      const failureReason =
        digits === testCards.declines
          ? "Your card was declined. No money was taken."
          : "This card number is not a TEST MODE card. Use 4242 4242 4242 4242.";
      return { providerRef: makeRef("declined", now.getTime()), status: "failed", method, failureReason };
    },
    async confirmPayment(ref, now) {
      const parsed = parseRef(ref);
      if (!parsed || parsed.scenario === "declined") return { status: "failed", failureReason: "Your card was declined." };
      const status: PaymentStatus = now.getTime() >= parsed.readyAt ? "succeeded" : "pending";
      return { status };
    },
    async refund({ providerRef }) {
      if (!parseRef(providerRef)) return { providerRef: "", status: "failed", failureReason: "unknown payment" };
      return { providerRef: `tr_${crypto.randomBytes(12).toString("hex")}`, status: "succeeded" };
    },
    async verifyCallback(rawBody, signature) {
      if (!signature) return null;
      const expected = crypto.createHmac("sha256", secret()).update(rawBody).digest("hex");
      const a = Buffer.from(expected);
      const b = Buffer.from(signature.replace(/^sha256=/, ""));
      if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
      const body = JSON.parse(rawBody) as { providerRef?: string; status?: PaymentStatus };
      return body.providerRef && body.status ? { providerRef: body.providerRef, status: body.status } : null;
    },
  };
}
