// Test harness for orders: an in-process sandbox upstream with a controllable clock, the
// test SKUs as catalog rows, and a one-call checkout.
import { randomBytes } from "node:crypto";
import { createSandbox } from "@/lib/sandbox";
import { db } from "@/lib/db";
import { setUpstream, UpstreamClient } from "@/lib/upstream";
import { hashApiKey } from "@/lib/upstream/db-budget";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { quoteItems } from "@/lib/orders/quote/quote";
import { ensureSandboxProducts } from "../../helpers/catalog-fixtures";

export const apiKey = "sandbox_test_key_0123456789";
export const cards = { ok: "4242 4242 4242 4242", declined: "4000 0000 0000 0002", delayed: "4000 0000 0000 3220" };

const testSkus = [
  "TEST-INSTANT",
  "TEST-PENDING",
  "TEST-PENDING-FAIL",
  "TEST-FAIL",
  "TEST-OOS",
  "TEST-UNSUPPORTED",
  "TEST-TOPUP",
  "TEST-TOPUP-PENDING",
];

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** Points the shop's upstream client at the sandbox; a short purchase timeout makes answers "lost". */
export function installSandboxClient(sandbox: { fetch: typeof fetch }, purchaseTimeoutMs = 5000): void {
  setUpstream(
    new UpstreamClient({
      baseUrl: "http://sandbox.test/sandbox/v1",
      apiKey,
      fetch: sandbox.fetch,
      budget: null,
      timeoutMs: 5000,
      purchaseTimeoutMs,
    }),
  );
}

/** Builds the sandbox (webhooks off) and wires the shop's upstream client to it. */
export async function createHarness(opts: { settleMs?: number; start?: number } = {}) {
  const clock = { ms: opts.start ?? Date.parse("2026-11-25T12:00:00Z") };
  const sandbox = await createSandbox({
    dbPath: ":memory:",
    apiKey,
    settleMs: opts.settleMs ?? 3000,
    now: () => clock.ms,
  });
  installSandboxClient(sandbox);
  await ensureSandboxProducts(testSkus);
  const now = () => new Date(clock.ms);
  return {
    sandbox,
    control: sandbox.control,
    clock,
    now,
    /** Moves both the shop's and the sandbox's clocks; the sandbox settles what is due. */
    async advance(ms: number) {
      clock.ms += ms;
      await sandbox.control.settleDue();
    },
    async close() {
      setUpstream(null);
      await sandbox.close();
    },
  };
}

type Item = { itemCode: string; quantity?: number; fields?: Record<string, string> };

/** Quotes, then checks out with the quoted total (what the browser does). */
export async function checkout(
  h: Harness,
  items: Item[],
  opts: { card?: string; email?: string; expectedTotal?: string } = {},
) {
  const normalized = items.map((i) => ({
    itemCode: i.itemCode,
    quantity: i.quantity ?? 1,
    ...(i.fields ? { fields: i.fields } : {}),
  }));
  const quote = await quoteItems(normalized.map(({ itemCode, quantity }) => ({ itemCode, quantity })));
  return placeOrder(
    {
      email: opts.email ?? "buyer@example.com",
      items: normalized,
      card: { number: opts.card ?? cards.ok, expiry: "12/30", cvc: "123" },
      expectedTotal: opts.expectedTotal ?? quote.total.toFixed(2),
    },
    { now: h.now() },
  );
}

/** The line rows of an order, by token. */
export async function linesOf(token: string) {
  const order = await db.order.findUniqueOrThrow({ where: { token }, include: { lines: true } });
  return order.lines;
}

/**
 * An order that got past checkout and payment (lines `paid`), bypassing the live check: the
 * way to reach purchase-time failures (stock gone, 501, fields refused) the check would catch.
 */
export async function seedPaidOrder(h: Harness, item: Item & { unitPrice?: string }) {
  const { createOrderToken } = await import("@/lib/orders/checkout/place-order");
  const { markPaymentSucceeded } = await import("@/lib/orders/payment/confirm-payment");
  const { encryptJson } = await import("@/lib/crypto/codes-cipher");
  const quantity = item.quantity ?? 1;
  const unitPrice = item.unitPrice ?? "1.10";
  const total = (Number(unitPrice) * quantity).toFixed(2);
  const order = await db.order.create({
    data: {
      token: createOrderToken(),
      email: "buyer@example.com",
      currency: "USD",
      total,
      lines: {
        create: {
          itemCode: item.itemCode,
          productName: item.itemCode,
          productType: "test",
          brand: "Sandbox",
          quantity,
          unitCost: "1.00",
          unitPrice,
          lineTotal: total,
          currency: "USD",
          fieldsEnc: item.fields ? encryptJson(item.fields) : null,
          isTopup: item.fields !== undefined,
        },
      },
    },
    include: { lines: true },
  });
  const providerRef = `tp_${randomBytes(12).toString("hex")}`;
  const payment = await db.payment.create({
    data: { orderId: order.id, provider: "test", providerRef, amount: total, currency: "USD", status: "pending" },
  });
  // The TEST provider's own books: the card was charged (so it can be refunded).
  await db.testProviderCharge.create({
    data: {
      idempotencyKey: payment.id,
      providerRef,
      amount: total,
      currency: "USD",
      status: "succeeded",
      method: "TEST card •••• 4242",
    },
  });
  await markPaymentSucceeded(payment.id, { now: h.now(), cause: "payment" });
  return { order, line: order.lines[0]! };
}

/**
 * The stored request budget of the account `key` in the harness clock's current minute: `used` of
 * its 100 calls spent, and a 429 blocking it until `blockedUntil` when given.
 */
export async function storeBudget(h: Harness, key: string, used: number, blockedUntil: Date | null = null) {
  await db.upstreamBudget.create({
    data: {
      keyHash: hashApiKey(key),
      limit: 100,
      used,
      windowStart: new Date(Math.floor(h.clock.ms / 60_000) * 60_000),
      blockedUntil,
    },
  });
}
