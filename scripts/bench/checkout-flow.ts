// The shopper's checkout as the app runs it, in-process: the checkout page's live quote,
// the top-up "verify account" call, placeOrder (quote + payment), then the immediate
// fulfilment that runs after the response. Timings are taken around placeOrder and fulfil.
type Item = { itemCode: string; quantity: number; fields?: Record<string, string> };

export type CheckoutApi = {
  quoteItems(items: { itemCode: string; quantity: number }[]): Promise<{ total: { toFixed(d: number): string } }>;
  placeOrder(
    raw: unknown,
    opts: { now?: Date },
  ): Promise<{ ok: true; orderId: string; token: string } | { ok: false; message: string }>;
  fulfilPaidOrder(orderId: string, now?: Date): Promise<void>;
  verifyTopup?(itemCode: string, fields: Record<string, string>): Promise<void>;
};

export type PlacedOrder = { orderId: string; placeMs: number; fulfilMs: number };

/** One order of `item` paid with the TEST card that succeeds; throws if checkout refuses it. */
export async function buyOnce(api: CheckoutApi, item: Item, now: () => Date): Promise<PlacedOrder> {
  const quote = await api.quoteItems([{ itemCode: item.itemCode, quantity: item.quantity }]);
  if (item.fields && api.verifyTopup) await api.verifyTopup(item.itemCode, item.fields);
  let t = performance.now();
  const placed = await api.placeOrder(
    {
      email: "bench@example.com",
      items: [item],
      card: { number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
      expectedTotal: quote.total.toFixed(2),
    },
    { now: now() },
  );
  const placeMs = performance.now() - t;
  if (!placed.ok) throw new Error(`checkout refused ${item.itemCode}: ${placed.message}`);
  t = performance.now();
  await api.fulfilPaidOrder(placed.orderId, now());
  return { orderId: placed.orderId, placeMs, fulfilMs: performance.now() - t };
}
