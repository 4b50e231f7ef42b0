// Money tests: the orders harness (in-process sandbox, controllable clock) plus a spy payment
// provider with its own books, so a test can compare what the shop recorded with what the
// provider and the upstream actually did.
import { db } from "@/lib/db";
import { setPaymentProvider } from "@/lib/payments";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { reconcileOnce } from "@/lib/orders/reconcile";
import { createSpyProvider, type SpyProvider } from "../../helpers/spy-provider";
import { cards, type Harness } from "../orders/harness";

export { cards };

/** Makes a fresh spy the shop's provider. */
export function installSpyProvider(): SpyProvider {
  const spy = createSpyProvider();
  setPaymentProvider(spy.provider);
  return spy;
}

/** Quote then checkout, like the browser; never throws (a thrown checkout is returned as `thrown`). */
export async function buy(
  h: Harness,
  itemCode: string,
  opts: { quantity?: number; card?: string; now?: Date; fields?: Record<string, string> } = {},
) {
  const items = [{ itemCode, quantity: opts.quantity ?? 1, ...(opts.fields ? { fields: opts.fields } : {}) }];
  const quote = await quoteItems(items.map(({ itemCode: c, quantity }) => ({ itemCode: c, quantity })));
  try {
    const r = await placeOrder(
      {
        email: "buyer@example.com",
        items,
        card: { number: opts.card ?? cards.ok, expiry: "12/30", cvc: "123" },
        expectedTotal: quote.total.toFixed(2),
      },
      { now: opts.now ?? h.now() },
    );
    // What the checkout does after answering the shopper: buy what is paid right away.
    if (r.ok) await fulfilPaidOrder(r.orderId, opts.now ?? h.now());
    return r;
  } catch (error) {
    return { ok: false as const, message: "thrown", thrown: error };
  }
}

/** The newest order (tests that lost the checkout's answer find their order this way). */
export async function latestOrder() {
  return db.order.findFirstOrThrow({
    orderBy: { createdAt: "desc" },
    include: { lines: true, payments: true, refunds: true },
  });
}

export async function orderById(id: string) {
  return db.order.findUniqueOrThrow({ where: { id }, include: { lines: true, payments: true, refunds: true } });
}

/** Runs reconciler passes, moving both clocks `stepMs` before each, until `done` or `max` passes. */
export async function settle(h: Harness, opts: { stepMs?: number; max?: number; done?: () => Promise<boolean> } = {}) {
  for (let i = 0; i < (opts.max ?? 30); i++) {
    if (opts.done && (await opts.done())) return;
    await h.advance(opts.stepMs ?? 60_000);
    await reconcileOnce({ now: h.now() });
  }
}

/** Value the shopper kept: unit price × codes delivered, for every delivered line. */
export function deliveredValue(
  lines: {
    status: string;
    unitPrice: { times(n: number): { toFixed(d: number): string } };
    quantity: number;
    deliveredQuantity?: number | null;
  }[],
) {
  let sum = 0;
  for (const l of lines)
    if (l.status === "delivered") sum += Number(l.unitPrice.times(l.deliveredQuantity ?? l.quantity).toFixed(2));
  return sum.toFixed(2);
}
