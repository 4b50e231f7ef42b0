// A card payment provider for money tests that remembers what it captured and refunded (its
// own books, apart from the shop's), and can be paused or made to "crash" at a chosen call, so
// a test can interleave checkout, confirmations, refunds and staff actions deterministically.
import crypto from "node:crypto";
import { Prisma } from "@prisma/client";
import type { CreatePaymentInput, PaymentProvider } from "@/lib/payments/provider";

type Charge = {
  ref: string;
  key: string;
  orderId: string;
  amount: Prisma.Decimal;
  status: "succeeded" | "pending" | "failed";
};
type Refund = { ref: string; key: string; chargeRef: string; amount: Prisma.Decimal };

/** A promise that a test opens when it wants the paused call to go on. */
export function gate() {
  let open!: () => void;
  let entered!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const reached = new Promise<void>((r) => (entered = r));
  return { open, opened, entered, reached };
}
export type Gate = ReturnType<typeof gate>;

export function createSpyProvider(opts: { delayedMs?: number } = {}) {
  const charges: Charge[] = [];
  const refunds: Refund[] = [];
  const hooks: {
    beforeCharge?: Gate;
    /** Paused after the charge is taken, before the caller hears of it. */
    afterCharge?: Gate;
    /** Thrown after the charge is taken: the caller never learns the outcome (a crash or timeout). */
    crashAfterCharge?: boolean;
    beforeRefund?: Gate;
    crashAfterRefund?: boolean;
    refundCalls: number;
  } = { refundCalls: 0 };

  function keyOf(input: CreatePaymentInput & { idempotencyKey?: string }): string {
    return input.idempotencyKey ?? `order:${input.orderId}`;
  }

  const provider: PaymentProvider & Record<string, unknown> = {
    name: "test",
    kind: "card",
    async createPayment(input: CreatePaymentInput & { idempotencyKey?: string }) {
      const g = hooks.beforeCharge;
      if (g) {
        hooks.beforeCharge = undefined;
        g.entered();
        await g.opened;
      }
      const key = keyOf(input);
      let charge = charges.find((c) => c.key === key);
      if (!charge) {
        const digits = input.card?.number.replace(/\D/g, "") ?? "";
        const status =
          digits === "4000000000000002" ? "failed" : digits === "4000000000003220" ? "pending" : "succeeded";
        charge = {
          ref: `tp_${crypto.randomBytes(12).toString("hex")}_ok_0`,
          key,
          orderId: input.orderId,
          amount: new Prisma.Decimal(input.amount),
          status,
        };
        charges.push(charge);
      }
      const after = hooks.afterCharge;
      if (after) {
        hooks.afterCharge = undefined;
        after.entered();
        await after.opened;
      }
      if (hooks.crashAfterCharge) {
        hooks.crashAfterCharge = false;
        throw new Error("simulated crash after the charge");
      }
      if (charge.status === "failed")
        return {
          providerRef: charge.ref,
          status: "failed" as const,
          method: "TEST card",
          failureReason: "Your card was declined.",
        };
      return { providerRef: charge.ref, status: charge.status, method: "TEST card •••• 4242" };
    },
    async confirmPayment(ref: string) {
      const c = charges.find((x) => x.ref === ref);
      if (!c) return { status: "pending" as const };
      return {
        status: c.status,
        captured: c.status === "succeeded" ? { amount: c.amount, currency: "USD" } : undefined,
      };
    },
    /** What the provider knows of a payment attempt by its idempotency key (null: never reached it). */
    async lookupPayment(key: string) {
      let c = charges.find((x) => x.key === key);
      if (!c) {
        // Like the TEST provider: the key is closed, so a late create with it cannot charge.
        charges.push({ ref: `void_${key}`, key, orderId: "", amount: new Prisma.Decimal(0), status: "failed" });
        return { found: false as const };
      }
      if (c.ref.startsWith("void_")) return { found: false as const };
      return {
        found: true as const,
        providerRef: c.ref,
        status: c.status,
        method: "TEST card",
        captured: { amount: c.amount, currency: "USD" },
      };
    },
    async refund(input: {
      providerRef: string;
      amount: Prisma.Decimal;
      currency: string;
      reason: string;
      idempotencyKey: string;
    }) {
      hooks.refundCalls++;
      const g = hooks.beforeRefund;
      if (g) {
        hooks.beforeRefund = undefined;
        g.entered();
        await g.opened;
      }
      // Like Stripe: one refund per idempotency key; the same key returns the same refund.
      let r = refunds.find((x) => x.key === input.idempotencyKey);
      if (!r) {
        r = {
          ref: `tr_${crypto.randomBytes(12).toString("hex")}`,
          key: input.idempotencyKey,
          chargeRef: input.providerRef,
          amount: new Prisma.Decimal(input.amount),
        };
        refunds.push(r);
      }
      if (hooks.crashAfterRefund) {
        hooks.crashAfterRefund = false;
        throw new Error("simulated crash after the refund");
      }
      return { providerRef: r.ref, status: "succeeded" as const };
    },
    async verifyCallback() {
      return null;
    },
  };

  /** Settles a delayed (3220) charge, as the provider would once the bank answers. */
  function settle(ref: string, status: "succeeded" | "failed" = "succeeded") {
    const c = charges.find((x) => x.ref === ref);
    if (c) c.status = status;
  }

  /** Captured minus refunded, per order, as the provider's own books say. */
  function netFor(orderId: string): Prisma.Decimal {
    const captured = charges.filter((c) => c.orderId === orderId && c.status === "succeeded");
    const refs = new Set(captured.map((c) => c.ref));
    const paid = captured.reduce((s, c) => s.plus(c.amount), new Prisma.Decimal(0));
    const back = refunds.filter((r) => refs.has(r.chargeRef)).reduce((s, r) => s.plus(r.amount), new Prisma.Decimal(0));
    return paid.minus(back);
  }

  return { provider, charges, refunds, hooks, settle, netFor };
}
export type SpyProvider = ReturnType<typeof createSpyProvider>;
