// Checkout: validate, price live, refuse what can't be sold (M5, stock), create the order,
// take the payment. Nothing is bought here; lines are bought after payment (M1).
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { encryptJson } from "@/lib/crypto/codes-cipher";
import { getPaymentProvider } from "@/lib/payments";
import { checkoutSchema } from "./checkout-schema";
import { applyPaymentAnswer } from "./confirm-payment";
import { initiatedPaymentGraceMs, nextPaymentCheckAt } from "./schedule";
import { assignOrderReference } from "./order-reference";
import { QuoteError, quoteItems, toQuoteView, type QuoteView } from "./quote";
import { findSellableProduct } from "./quote";
import { parseRequiredFields } from "./topup-fields";
import { validateTopupFields } from "./validate-topup";

export type PlaceOrderResult =
  | { ok: true; orderId: string; token: string; paymentStatus: "succeeded" | "pending" }
  | { ok: true; orderId: string; token: string; paymentStatus: "requires_redirect"; redirectUrl: string }
  | { ok: false; message: string; fieldErrors?: Record<string, string[]>; quote?: QuoteView };

/** A ≥ 256-bit random order link token (never a guessable id). */
export function createOrderToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** The whole checkout; returns a state for the form, never throws at the shopper. */
export async function placeOrder(raw: unknown, opts: { userId?: string | null; now?: Date } = {}): Promise<PlaceOrderResult> {
  const now = opts.now ?? new Date();
  const parsed = checkoutSchema.safeParse(raw);
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fieldErrors[i.path.join(".") || "_form"] ??= []).push(i.message);
    return { ok: false, message: "Please check the form.", fieldErrors };
  }
  const input = parsed.data;
  const provider = getPaymentProvider();
  if (provider.kind === "card" && !input.card) return { ok: false, message: "Please check the form.", fieldErrors: { "card.number": ["Enter the card number."] } };
  if (provider.kind === "redirect" && input.card) return { ok: false, message: "Card details are entered on the secure payment page, not here." };

  const extras: { fieldsEnc: string | null; displayName: string | null; isTopup: boolean }[] = [];
  for (const [i, item] of input.items.entries()) {
    const product = await findSellableProduct(item.itemCode);
    if (!product) return { ok: false, message: `${item.itemCode} is not available.` };
    const specs = parseRequiredFields(product.requiredFields);
    if (specs.length === 0) {
      if (item.fields && Object.keys(item.fields).length) return { ok: false, message: "This product takes no account details." };
      extras.push({ fieldsEnc: null, displayName: null, isTopup: false });
      continue;
    }
    const check = await validateTopupFields(item.itemCode, specs, item.fields);
    if (!check.ok) {
      const fieldErrors = Object.fromEntries(Object.entries(check.fieldErrors).map(([k, v]) => [`items.${i}.fields.${k}`, v]));
      return { ok: false, message: check.message, fieldErrors };
    }
    extras.push({ fieldsEnc: encryptJson(check.fields), displayName: check.displayName, isTopup: true });
  }

  let quote;
  try {
    quote = await quoteItems(input.items);
  } catch (err) {
    if (err instanceof QuoteError) return { ok: false, message: err.message };
    throw err;
  }
  if (quote.problems.length) return { ok: false, message: quote.problems.join(" "), quote: toQuoteView(quote) };
  if (quote.total.toFixed(2) !== Number(input.expectedTotal).toFixed(2)) {
    return {
      ok: false,
      message: `The price changed: the total is now ${quote.total.toFixed(2)} ${quote.currency}. Please review and pay again.`,
      quote: toQuoteView(quote),
    };
  }

  // The order and its payment attempt are written together, BEFORE the provider is called: the
  // payment row's id is the provider's idempotency key, so a crash or timeout during the call
  // leaves a row the reconciler settles with the provider (docs/money-rules.md#m7).
  const { order, payment } = await db.$transaction(async (tx) => {
    const order = await tx.order.create({
      data: {
        token: createOrderToken(),
        userId: opts.userId ?? null,
        email: input.email.toLowerCase(),
        currency: quote.currency,
        total: quote.total,
        createdAt: now,
        lines: {
          create: quote.lines.map((l, i) => ({
            itemCode: l.itemCode,
            productName: l.productName,
            productType: l.productType,
            brand: l.brand,
            quantity: l.quantity,
            unitCost: l.unitCost,
            unitPrice: l.unitPrice,
            lineTotal: l.lineTotal,
            currency: l.currency,
            redemptionUrl: l.redemptionUrl,
            redemptionInstructions: l.redemptionInstructions,
            fieldsEnc: extras[i]!.fieldsEnc,
            displayName: extras[i]!.displayName,
            isTopup: extras[i]!.isTopup,
            createdAt: now,
          })),
        },
        events: { create: { kind: "transition", toStatus: "awaiting_payment", cause: "checkout", message: "Order placed.", createdAt: now } },
      },
    });
    const payment = await tx.payment.create({
      data: {
        orderId: order.id,
        provider: provider.name,
        amount: quote.total,
        currency: quote.currency,
        status: "initiated",
        nextCheckAt: new Date(now.getTime() + initiatedPaymentGraceMs),
        createdAt: now,
      },
    });
    return { order, payment };
  });
  await assignOrderReference(order.id);
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
      lines: quote.lines.map((l) => ({ name: l.productName, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal })),
      now,
    });
  } catch (err) {
    // Unknown outcome: the card may or may not have been charged. The reconciler asks the
    // provider by the payment's key; the order page shows the answer when it comes.
    console.error("checkout: payment outcome unknown", err instanceof Error ? err.name : "error");
    return { ok: true, orderId: order.id, token: order.token, paymentStatus: "pending" };
  }
  const base = { now, cause: "payment" as const, nextCheckAt: nextPaymentCheckAt(now, 0, provider.kind) };
  if (result.status === "requires_redirect") {
    // Hosted payment page (Stripe): only the provider's signed webhook confirms (never the return
    // redirect). The page's address is handed out only once the session is recorded.
    const recorded = await applyPaymentAnswer(payment.id, { status: "pending", providerRef: result.providerRef, method: result.method }, base);
    if (recorded !== "pending") return { ok: false, message: "We could not start the payment. Nothing was charged; please try again." };
    return { ok: true, orderId: order.id, token: order.token, paymentStatus: result.status, redirectUrl: result.redirectUrl };
  }
  const outcome = await applyPaymentAnswer(payment.id, { ...result }, base);
  if (result.status === "failed") return { ok: false, message: result.failureReason ?? "Your payment was declined." };
  const paymentStatus = outcome === "paid" ? "succeeded" : "pending";
  return { ok: true, orderId: order.id, token: order.token, paymentStatus };
}
