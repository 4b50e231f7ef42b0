// Promo tests: codes written as staff would save them, and a checkout that applies a code the
// way the browser does (quote, apply, then pay the discounted total it showed).
import { db } from "@/lib/db";
import { applyPromoToQuote } from "@/lib/orders/quote/promo-quote";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { cards, type Harness } from "../orders/harness";

let n = 0;

/** A code (upper-case) with sensible defaults: 5 % off everything, no limits, active. */
export async function createPromo(
  p: {
    code?: string;
    kind?: "percent" | "amount";
    value?: string;
    scope?: string;
    scopeKeys?: string[];
    maxUses?: number | null;
    maxUsesPerShopper?: number | null;
    startsAt?: Date | null;
    endsAt?: Date | null;
    active?: boolean;
    currency?: string;
  } = {},
) {
  return db.promoCode.create({
    data: {
      code: p.code ?? `PROMO${++n}`,
      kind: p.kind ?? "percent",
      value: p.value ?? "5",
      currency: p.currency ?? "USD",
      scope: p.scope ?? "all",
      scopeKeys: JSON.stringify(p.scopeKeys ?? []),
      maxUses: p.maxUses ?? null,
      maxUsesPerShopper: p.maxUsesPerShopper ?? null,
      startsAt: p.startsAt ?? null,
      endsAt: p.endsAt ?? null,
      active: p.active ?? true,
    },
  });
}

type Item = { itemCode: string; quantity?: number };

/** Quotes, applies `code` as the checkout form does, then pays the total shown (discount included). */
export async function buyWithCode(
  h: Harness,
  items: Item[],
  code: string,
  opts: { email?: string; card?: string; userId?: string | null } = {},
) {
  const lines = items.map((i) => ({ itemCode: i.itemCode, quantity: i.quantity ?? 1 }));
  const quote = await quoteItems(lines);
  const applied = await applyPromoToQuote(quote, code, { now: h.now() });
  const expectedTotal = (applied.ok ? applied.quote.total : quote.total).toFixed(2);
  return placeOrder(
    {
      email: opts.email ?? "buyer@example.com",
      items: lines,
      card: { number: opts.card ?? cards.ok, expiry: "12/30", cvc: "123" },
      expectedTotal,
      promoCode: code,
    },
    { now: h.now(), userId: opts.userId ?? null },
  );
}

/** The order with its lines, payment, refunds and promo use. */
export function orderOf(orderId: string) {
  return db.order.findUniqueOrThrow({
    where: { id: orderId },
    include: { lines: { orderBy: { createdAt: "asc" } }, payments: true, refunds: true, promoUse: true },
  });
}

export async function usedCount(code: string): Promise<number> {
  return (await db.promoCode.findUniqueOrThrow({ where: { code } })).usedCount;
}
