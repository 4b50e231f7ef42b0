// The payment step of checkout: the order and its payment attempt are written together BEFORE
// the provider is called (the payment row's id is the provider's idempotency key), then the
// provider's answer is applied and the attempt recorded for the risk rules. A crash or timeout
// during the call leaves a row the reconciler settles with the provider (docs/money-rules.md#m7).
// A promo code's use is claimed in the same transaction as the order, before the provider call.
import "server-only";
import { db } from "@/lib/db";
import { getPaymentProvider } from "@/lib/payments";
import type { PaymentResult } from "@/lib/payments/provider";
import { claimPromoUse, PromoClaimError } from "@/lib/promos/claim";
import { defaultLocale } from "@/lib/i18n/locales";
import type { Checkout } from "../cart/checkout-schema";
import { applyPaymentAnswer } from "../payment/confirm-payment";
import { afterCharge } from "./failed-after-charge";
import { assignOrderReference } from "../core/order-reference";
import { createOrderToken } from "../core/order-token";
import type { Quote, QuoteView } from "../quote/quote";
import { recordCheckoutAttempt, type RiskInput } from "./risk";
import { recheckWalletInOrder, walletReserve, walletUnavailableMessage, WalletRefusedError } from "./wallet-guard";
import { initiatedPaymentGraceMs, nextPaymentCheckAt } from "../core/schedule";
import { log } from "@/lib/log";
import { eventColumns, say } from "../core/timeline-words";

export type PlaceOrderResult =
  | { ok: true; orderId: string; token: string; paymentStatus: "succeeded" | "pending" }
  | { ok: true; orderId: string; token: string; paymentStatus: "requires_redirect"; redirectUrl: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]>; quote?: QuoteView; outcome?: RefusalOutcome };

/** Why a checkout was refused, when it is not the input or the live quote (counted by checkout-outcome.ts). */
export type RefusalOutcome = "declined" | "refused" | "unavailable" | "busy" | "error";

type Extras = { fieldsEnc: string | null; displayName: string | null; isTopup: boolean }[];

/** Writes the order with its payment attempt, calls the provider once, applies and records the answer. */
export async function takePayment(a: {
  input: Checkout;
  quote: Quote;
  extras: Extras;
  userId: string | null;
  risk: RiskInput;
  reviewReason: string | null;
  now: Date;
}): Promise<PlaceOrderResult> {
  const { input, quote, now } = a;
  const provider = getPaymentProvider();
  let written;
  try {
    written = await writeOrder({ ...a, provider: provider.name });
  } catch (err) {
    if (err instanceof PromoClaimError)
      return { ok: false, message: err.userMessage, fieldErrors: { promoCode: [err.userMessage] } };
    if (err instanceof WalletRefusedError)
      return { ok: false, message: walletUnavailableMessage, outcome: "unavailable" };
    throw err;
  }
  const { order, payment } = written;
  // The short reference shoppers quote (a crash before it leaves the start-up backfill to draw one).
  await assignOrderReference(order.id);

  let result;
  try {
    result = await provider.createPayment({
      orderId: order.id,
      idempotencyKey: payment.id,
      amount: quote.total,
      currency: quote.currency,
      card: input.card,
      email: order.email,
      orderToken: order.token,
      lines: quote.lines.map((l) => ({
        name: quote.promo && !l.unitDiscount.isZero() ? `${l.productName} (code ${quote.promo.code})` : l.productName,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        lineTotal: l.lineTotal,
      })),
      now,
    });
  } catch (err) {
    // Unknown outcome: the card may or may not have been charged. The reconciler asks the
    // provider by the payment's key; the order page shows the answer when it comes.
    log.warn(
      { err, orderId: order.id, paymentId: payment.id },
      "checkout: payment outcome unknown; the reconciler asks the provider",
    );
    await afterCharge(order, "unknown", () =>
      recordCheckoutAttempt({
        input: a.risk,
        outcome: "pending",
        reason: "no answer from the payment provider",
        orderId: order.id,
        now,
      }),
    );
    return { ok: true, orderId: order.id, token: order.token, paymentStatus: "pending" };
  }
  // Past this point the provider has answered: a failure after a charge must say so.
  const charge = result.status === "succeeded" ? "captured" : result.status === "pending" ? "unknown" : null;
  return afterCharge(order, charge, () => applyAnswer(a, order, payment, result));
}

/** Applies the provider's answer to the order and records the attempt for the risk rules. */
async function applyAnswer(
  a: Parameters<typeof takePayment>[0],
  order: { id: string; token: string },
  payment: { id: string },
  result: PaymentResult,
): Promise<PlaceOrderResult> {
  const { now } = a;
  const provider = getPaymentProvider();
  const base = { now, cause: "payment" as const, nextCheckAt: nextPaymentCheckAt(now, 0, provider.kind) };
  if (result.status === "requires_redirect") {
    // Hosted payment page (Stripe): only the provider's signed webhook confirms (never the return
    // redirect). The page's address is handed out only once the session is recorded.
    const recorded = await applyPaymentAnswer(
      payment.id,
      { status: "pending", providerRef: result.providerRef, method: result.method },
      base,
    );
    if (recorded !== "pending")
      return {
        ok: false,
        message: "We could not start the payment. Nothing was charged; please try again.",
        outcome: "error",
      };
    return {
      ok: true,
      orderId: order.id,
      token: order.token,
      paymentStatus: result.status,
      redirectUrl: result.redirectUrl,
    };
  }
  const outcome = await applyPaymentAnswer(payment.id, { ...result }, base);
  const attempt =
    result.status === "failed"
      ? "declined"
      : outcome === "held" && a.reviewReason
        ? "review"
        : outcome === "paid"
          ? "paid"
          : "pending";
  await recordCheckoutAttempt({
    input: a.risk,
    outcome: attempt,
    reason: result.status === "failed" ? result.failureReason : (a.reviewReason ?? undefined),
    orderId: order.id,
    now,
  });
  if (result.status === "failed")
    return { ok: false, message: result.failureReason ?? "Your payment was declined.", outcome: "declined" };
  // Held for review or not yet confirmed: the order page says so (the shopper is not told why).
  const paymentStatus = outcome === "paid" ? "succeeded" : "pending";
  return { ok: true, orderId: order.id, token: order.token, paymentStatus };
}

/**
 * The order, its lines and its payment attempt in one transaction, with the promo code's use
 * claimed in it (lib/promos/claim.ts): a code that cannot be claimed writes nothing.
 */
async function writeOrder(a: {
  input: Checkout;
  quote: Quote;
  extras: Extras;
  userId: string | null;
  reviewReason: string | null;
  now: Date;
  provider: string;
}) {
  const { input, quote, extras, now } = a;
  const reserve = await walletReserve();
  return db.$transaction(async (tx) => {
    const order = await tx.order.create({
      data: {
        token: createOrderToken(),
        userId: a.userId,
        email: input.email.toLowerCase(),
        currency: quote.currency,
        total: quote.total,
        promoCode: quote.promo?.code ?? null,
        discountTotal: quote.promo?.discount ?? 0,
        // The sale in the wallet currency and the rate of the sale (docs/markets.md#what-an-order-records).
        // A sale in the wallet currency (the default market) leaves them empty: they are the charged ones.
        market: quote.sale?.market ?? null,
        // Its emails and receipt go in this language (docs/markets.md#languages).
        locale: input.locale ?? defaultLocale,
        ...(quote.sale && !quote.sale.neutral
          ? {
              rate: quote.sale.rate,
              walletCurrency: quote.sale.walletCurrency,
              walletTotal: quote.sale.walletTotal,
            }
          : {}),
        createdAt: now,
        lines: {
          create: quote.lines.map((l, i) => ({
            itemCode: l.itemCode,
            productName: l.productName,
            productType: l.productType,
            brand: l.brand,
            quantity: l.quantity,
            // The offer the quote checked (docs/suppliers.md#routing); purchase may route it again.
            supplier: l.supplier,
            supplierItemCode: l.supplierItemCode,
            unitCost: l.unitCost,
            unitPrice: l.unitPrice,
            lineTotal: l.lineTotal,
            unitDiscount: l.unitDiscount,
            currency: l.currency,
            walletUnitPrice: l.walletUnitPrice ?? null,
            redemptionUrl: l.redemptionUrl,
            redemptionInstructions: l.redemptionInstructions,
            fieldsEnc: extras[i]!.fieldsEnc,
            displayName: extras[i]!.displayName,
            isTopup: extras[i]!.isTopup,
            // A proven quote's check is older than the order: the price guard counts from it.
            priceCheckedAt: l.checkedAt,
            createdAt: now,
          })),
        },
        events: {
          create: {
            kind: "transition",
            toStatus: "awaiting_payment",
            cause: "checkout",
            ...eventColumns(say("placed")),
            createdAt: now,
          },
        },
      },
    });
    const payment = await tx.payment.create({
      data: {
        orderId: order.id,
        provider: a.provider,
        amount: quote.total,
        currency: quote.currency,
        status: "initiated",
        reviewReason: a.reviewReason,
        nextCheckAt: new Date(now.getTime() + initiatedPaymentGraceMs),
        createdAt: now,
      },
    });
    if (quote.promo) {
      await claimPromoUse(tx, {
        promoId: quote.promo.promoId,
        orderId: order.id,
        shopper: { email: order.email, userId: a.userId },
        // The code's terms are in the wallet currency, and so is what it took off.
        discount: quote.sale?.walletDiscount ?? quote.promo.discount,
        currency: quote.sale?.walletCurrency ?? quote.currency,
        now,
      });
    }
    // Last, so the wallet row stays locked only for this check and the commit: a burst of
    // checkouts is decided one after another, each counting the lines above (wallet-guard.ts).
    await recheckWalletInOrder(tx, reserve, now);
    return { order, payment };
  });
}
