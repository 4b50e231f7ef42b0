// Checkout: validate, price live, refuse what can't be sold (M5, stock), create the order,
// take the payment. Nothing is bought here; lines are bought after payment (M1).
import "server-only";
import crypto from "node:crypto";
import { db } from "@/lib/db";
import { encryptJson } from "@/lib/crypto/codes-cipher";
import { getPaymentProvider } from "@/lib/payments";
import { checkoutSchema } from "./checkout-schema";
import { markPaymentFailed, markPaymentSucceeded } from "./confirm-payment";
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

  const order = await db.order.create({
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
  await assignOrderReference(order.id);

  const result = await provider.createPayment({
    orderId: order.id,
    amount: quote.total,
    currency: quote.currency,
    card: input.card,
    email: order.email,
    orderToken: order.token,
    lines: quote.lines.map((l) => ({ name: l.productName, quantity: l.quantity, unitPrice: l.unitPrice, lineTotal: l.lineTotal })),
    now,
  });
  const payment = await db.payment.create({
    data: { orderId: order.id, provider: provider.name, providerRef: result.providerRef, amount: quote.total, currency: quote.currency, status: "pending", method: result.method, createdAt: now },
  });
  if (result.status === "failed") {
    const reason = result.failureReason ?? "Your payment was declined.";
    await markPaymentFailed(payment.id, reason, { now, cause: "payment" });
    return { ok: false, message: reason };
  }
  // Hosted payment page: only the provider's signed webhook confirms (never the return redirect).
  if (result.status === "requires_redirect") return { ok: true, orderId: order.id, token: order.token, paymentStatus: result.status, redirectUrl: result.redirectUrl };
  if (result.status === "succeeded") await markPaymentSucceeded(payment.id, { now, cause: "payment" });
  return { ok: true, orderId: order.id, token: order.token, paymentStatus: result.status };
}
