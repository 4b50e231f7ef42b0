// The TEST payment provider (TEST MODE): no money moves, but it keeps books like a real provider
// would (TestProviderCharge / TestProviderRefund): one charge per idempotency key, one refund per
// refund key, so a retry can never charge or refund twice and a crash can be settled by lookup.
// Documented card numbers decide the outcome; the delayed card confirms after TEST_PAYMENT_DELAY_MS.
import "server-only";
import crypto from "node:crypto";
import { db, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import type { PaymentLookup, PaymentProvider, PaymentStatus } from "./provider";

export const testCards = {
  succeeds: "4242424242424242",
  declines: "4000000000000002",
  delayed: "4000000000003220",
} as const;

type Charge = {
  providerRef: string;
  status: string;
  readyAt: Date | null;
  method: string;
  failureReason: string | null;
  amount: Prisma.Decimal;
  currency: string;
};

const ref = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;

/** The charge's status at `now` (a delayed card succeeds once its time has come). */
function statusAt(c: Charge, now: Date): PaymentStatus {
  if (c.status === "pending" && c.readyAt && now >= c.readyAt) return "succeeded";
  if (c.status === "void") return "failed";
  return c.status as PaymentStatus;
}

/** Inserts the charge for `key` unless one exists; either way returns the one stored (first writer wins). */
async function chargeOnce(
  key: string,
  data: Omit<Prisma.TestProviderChargeCreateInput, "idempotencyKey">,
): Promise<Charge> {
  try {
    return await db.testProviderCharge.create({ data: { ...data, idempotencyKey: key } });
  } catch (err) {
    if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
    return db.testProviderCharge.findUniqueOrThrow({ where: { idempotencyKey: key } });
  }
}

/** Builds the provider; delayMs is how long the 3220 card stays pending. */
export function createTestProvider(opts: { delayMs?: number } = {}): PaymentProvider {
  const delayMs = opts.delayMs ?? env.TEST_PAYMENT_DELAY_MS;
  return {
    name: "test",
    kind: "card",
    async createPayment({ card, now, idempotencyKey, amount, currency }) {
      const digits = card?.number.replace(/\D/g, "") ?? "";
      const method = card ? `TEST card •••• ${digits.slice(-4)}` : "TEST card";
      const outcome =
        digits === testCards.succeeds
          ? { status: "succeeded" }
          : digits === testCards.delayed
            ? { status: "pending", readyAt: new Date(now.getTime() + delayMs) }
            : {
                status: "failed",
                failureReason: !card
                  ? "Enter the card details."
                  : digits === testCards.declines
                    ? "Your card was declined. No money was taken."
                    : "This card number is not a TEST MODE card. Use 4242 4242 4242 4242.",
              };
      const charge = await chargeOnce(idempotencyKey, { providerRef: ref("tp"), amount, currency, method, ...outcome });
      const status = statusAt(charge, now);
      return {
        providerRef: charge.providerRef,
        status,
        method: charge.method,
        failureReason: status === "failed" ? (charge.failureReason ?? "Your card was declined.") : undefined,
      };
    },
    async confirmPayment(providerRef, now) {
      const charge = await db.testProviderCharge.findUnique({ where: { providerRef } });
      if (!charge) return { status: "failed", failureReason: "Unknown payment." };
      const status = statusAt(charge, now);
      return {
        status,
        failureReason: status === "failed" ? (charge.failureReason ?? "Your card was declined.") : undefined,
        captured: { amount: charge.amount, currency: charge.currency },
      };
    },
    async lookupPayment(idempotencyKey, { now }): Promise<PaymentLookup> {
      // Closing the key first (a void charge) makes "not found" final: a createPayment still in
      // flight with this key finds the void row and declines instead of charging.
      const charge = await chargeOnce(idempotencyKey, {
        providerRef: ref("tpv"),
        amount: 0,
        currency: "XXX",
        method: "TEST card",
        status: "void",
        failureReason: "The payment was never completed. Nothing was charged.",
      });
      if (charge.status === "void") return { found: false };
      const status = statusAt(charge, now);
      return {
        found: true,
        providerRef: charge.providerRef,
        status,
        method: charge.method,
        failureReason: charge.failureReason ?? undefined,
        captured: { amount: charge.amount, currency: charge.currency },
      };
    },
    async refund({ providerRef, amount, currency, idempotencyKey }) {
      const charge = await db.testProviderCharge.findUnique({ where: { providerRef } });
      // A delayed card's charge counts as captured (TEST mode has no settlement to wait for).
      if (!charge || (charge.status !== "succeeded" && charge.status !== "pending"))
        return { providerRef: "", status: "failed", failureReason: "There is no captured payment to refund." };
      const refunded = await db.testProviderRefund.aggregate({
        where: { chargeRef: providerRef, NOT: { idempotencyKey } },
        _sum: { amount: true },
      });
      const existing = await db.testProviderRefund.findUnique({ where: { idempotencyKey } });
      if (existing) return { providerRef: existing.providerRef, status: "succeeded" };
      if ((refunded._sum.amount ?? new Prisma.Decimal(0)).plus(amount).greaterThan(charge.amount)) {
        return {
          providerRef: "",
          status: "failed",
          failureReason: "The refund is larger than what is left of the payment.",
        };
      }
      try {
        const row = await db.testProviderRefund.create({
          data: { idempotencyKey, providerRef: ref("tr"), chargeRef: providerRef, amount, currency },
        });
        return { providerRef: row.providerRef, status: "succeeded" };
      } catch (err) {
        // A concurrent call with the same key won: it is the same refund.
        if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
        const row = await db.testProviderRefund.findUniqueOrThrow({ where: { idempotencyKey } });
        return { providerRef: row.providerRef, status: "succeeded" };
      }
    },
  };
}

/** The TEST provider's own books for one charge: captured and refunded (tests and the money check). */
export async function testProviderBooks(providerRef: string) {
  const charge = await db.testProviderCharge.findUnique({ where: { providerRef } });
  const refunds = await db.testProviderRefund.findMany({ where: { chargeRef: providerRef } });
  return { charge, refunds };
}
