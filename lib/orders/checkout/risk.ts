// Card-testing and fraud controls, which every gift-card shop needs: checked at checkout before
// the payment provider is called. Bursts of declined payments from one client, card or email are
// stopped before they reach the provider; a new buyer's order above a limit, or a burst of orders
// from a new buyer's email, is charged but HELD for staff review instead of being bought. A buyer
// with a delivered order behind them is not held. Every
// attempt is recorded (CheckoutAttempt) — the velocity rules read it, and staff see it on /admin/risk.
import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { env, getEnv } from "@/lib/env";
import { getFirstOrderReviewAbove } from "../core/money-settings";

/** The rules' limits: a burst of declines stops the client, the card or the email for a while. */
export const riskLimits = {
  declinesPerClient: { count: 3, windowMs: 15 * 60_000 },
  declinesPerCard: { count: 3, windowMs: 24 * 3_600_000 },
  declinesPerEmail: { count: 5, windowMs: 3_600_000 },
  ordersPerNewBuyerBeforeReview: { count: 5, windowMs: 3_600_000 },
} as const;

export type CheckoutClient = { ip: string };
export type RiskInput = {
  client: CheckoutClient;
  email: string;
  userId?: string | null;
  cardNumber?: string;
  total: Prisma.Decimal;
  currency: string;
};
export type RiskDecision =
  | { decision: "allow" }
  | { decision: "refuse"; reason: string; message: string }
  | { decision: "review"; reason: string };

/** A keyed hash of the card number: the same card is recognised, the number is never stored. */
export function cardFingerprint(number: string): string {
  const key = crypto.hkdfSync("sha256", env.CODES_ENCRYPTION_KEY, "card-fingerprint", "risk", 32);
  return crypto.createHmac("sha256", Buffer.from(key)).update(number.replace(/\D/g, "")).digest("base64url");
}

async function recentDeclines(where: Prisma.CheckoutAttemptWhereInput, windowMs: number, now: Date): Promise<number> {
  return db.checkoutAttempt.count({
    where: {
      ...where,
      outcome: { in: ["declined", "refused"] },
      createdAt: { gte: new Date(now.getTime() - windowMs) },
    },
  });
}

const stopMessage =
  "We could not take this payment. Too many payments were declined; please wait a while, or contact us if you think this is a mistake.";

/** The risk decision for one checkout, before any money moves. */
export async function assessCheckout(input: RiskInput, now: Date): Promise<RiskDecision> {
  const fingerprint = input.cardNumber ? cardFingerprint(input.cardNumber) : null;
  const l = riskLimits;
  // Refused attempts count too: a tester who keeps trying stays stopped. Addresses exempt from
  // per-client limits (RATE_LIMIT_EXEMPT: monitoring, load tests) are not stopped by client.
  const exempt = getEnv().RATE_LIMIT_EXEMPT.includes(input.client.ip);
  if (
    !exempt &&
    (await recentDeclines({ ip: input.client.ip }, l.declinesPerClient.windowMs, now)) >= l.declinesPerClient.count
  ) {
    return {
      decision: "refuse",
      reason: `${l.declinesPerClient.count} or more declined payments from this client in ${l.declinesPerClient.windowMs / 60_000} minutes`,
      message: stopMessage,
    };
  }
  if (
    fingerprint &&
    (await recentDeclines({ cardFingerprint: fingerprint }, l.declinesPerCard.windowMs, now)) >= l.declinesPerCard.count
  ) {
    return {
      decision: "refuse",
      reason: `${l.declinesPerCard.count} or more declined payments with this card in 24 hours`,
      message: stopMessage,
    };
  }
  if ((await recentDeclines({ email: input.email }, l.declinesPerEmail.windowMs, now)) >= l.declinesPerEmail.count) {
    return {
      decision: "refuse",
      reason: `${l.declinesPerEmail.count} or more declined payments for this email in an hour`,
      message: stopMessage,
    };
  }
  const delivered = await db.order.count({
    where: {
      OR: [{ email: input.email }, ...(input.userId ? [{ userId: input.userId }] : [])],
      status: { in: ["completed", "partially_refunded"] },
    },
  });
  if (delivered > 0) return { decision: "allow" };
  const orders = await db.order.count({
    where: {
      email: input.email,
      createdAt: { gte: new Date(now.getTime() - l.ordersPerNewBuyerBeforeReview.windowMs) },
    },
  });
  if (orders >= l.ordersPerNewBuyerBeforeReview.count)
    return { decision: "review", reason: `Review: ${orders + 1} orders within an hour from a new buyer's email.` };
  const limit = await getFirstOrderReviewAbove();
  if (limit && input.total.greaterThan(limit)) {
    return {
      decision: "review",
      reason: `Review: a first order of ${input.total.toFixed(2)} ${input.currency}, above the ${limit.toFixed(2)} limit for new buyers.`,
    };
  }
  return { decision: "allow" };
}

/** Records one checkout attempt (the velocity rules and the admin's risk page read these). */
export async function recordCheckoutAttempt(a: {
  input: RiskInput;
  outcome: "refused" | "declined" | "paid" | "pending" | "review";
  reason?: string;
  orderId?: string;
  now: Date;
}): Promise<void> {
  await db.checkoutAttempt.create({
    data: {
      ip: a.input.client.ip.slice(0, 64),
      email: a.input.email,
      cardFingerprint: a.input.cardNumber ? cardFingerprint(a.input.cardNumber) : null,
      amount: a.input.total,
      currency: a.input.currency,
      outcome: a.outcome,
      reason: a.reason?.slice(0, 300),
      orderId: a.orderId,
      createdAt: a.now,
    },
  });
}
