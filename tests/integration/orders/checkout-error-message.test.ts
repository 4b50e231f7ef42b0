// What a shopper reads when checkout fails on our side: before any charge, "you were not
// charged"; once the card was charged, that the payment went through, where the order is, that
// an email follows, and never an invitation to pay again (docs/money-rules.md#checkout-errors).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as checkoutApi } from "@/app/api/checkout/route";
import { setSessionOverrideForTests } from "@/lib/auth/guards";
import { db, Prisma } from "@/lib/db";
import { setRequestClientForTests } from "@/lib/http/request-client";
import { placeOrderAction } from "@/lib/orders/checkout/checkout-actions";
import { quoteItems } from "@/lib/orders/quote/quote";
import { setPaymentProvider } from "@/lib/payments";
import { fromClient } from "../../helpers/client-headers";
import type { SpyProvider } from "../../helpers/spy-provider";
import { installSpyProvider } from "../money/money-harness";
import { cards, createHarness, type Harness } from "./harness";

let h: Harness;
let spy: SpyProvider;
beforeAll(async () => {
  h = await createHarness();
  setSessionOverrideForTests(null); // guests
});
afterAll(async () => {
  setSessionOverrideForTests(undefined);
  setPaymentProvider(null);
  await h.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  setRequestClientForTests(undefined);
});

const timedOut = () =>
  new Prisma.PrismaClientKnownRequestError("Transaction API error: Unable to start a transaction", {
    code: "P2028",
    clientVersion: Prisma.prismaVersion.client,
  });

/** Every interactive transaction fails from the moment `when()` holds (a database under a burst). */
function failTransactionsWhen(when: () => boolean) {
  const real = db.$transaction.bind(db);
  vi.spyOn(db, "$transaction").mockImplementation(((...args: Parameters<typeof real>) =>
    when() ? Promise.reject(timedOut()) : real(...args)) as typeof db.$transaction);
}

async function input(email: string) {
  const items = [{ itemCode: "TEST-INSTANT", quantity: 1 }];
  const expectedTotal = (await quoteItems(items)).total.toFixed(2);
  return { email, items, card: { number: cards.ok, expiry: "12/30", cvc: "123" }, expectedTotal };
}

const post = async (client: string, body: unknown) =>
  checkoutApi(
    new Request("http://shop.test/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", ...fromClient(client) },
      body: JSON.stringify(body),
    }),
  );

describe("checkout errors tell the truth about the money", () => {
  it("says the payment went through, links the order and mentions the email when the failure came after the charge", async () => {
    spy = installSpyProvider();
    failTransactionsWhen(() => spy.charges.length > 0);
    const res = await post("203.0.113.60", await input("charged@example.com"));
    vi.restoreAllMocks();

    expect(spy.charges).toHaveLength(1);
    const order = await db.order.findFirstOrThrow({ where: { email: "charged@example.com" } });
    const body = (await res.json()) as { message: string; orderUrl?: string };
    expect(body.message).toMatch(/payment went through/i);
    expect(body.message).toMatch(/email/i);
    expect(body.message).not.toMatch(/not charged|try again/i);
    expect(body.orderUrl).toBe(`http://shop.test/orders/${order.token}`);
  });

  it("gives the form the same answer with the order page's address", async () => {
    spy = installSpyProvider();
    setRequestClientForTests("203.0.113.61");
    failTransactionsWhen(() => spy.charges.length > 0);
    const state = await placeOrderAction(await input("charged-form@example.com"), false);
    vi.restoreAllMocks();

    const order = await db.order.findFirstOrThrow({ where: { email: "charged-form@example.com" } });
    expect(state).toMatchObject({ ok: false, message: expect.stringMatching(/payment went through/i) });
    expect(state).toMatchObject({ orderPath: `/orders/${order.token}` });
    expect(!state.ok && state.message).not.toMatch(/not charged|try again/i);
  });

  it("still says nothing was charged when the failure came before the payment", async () => {
    spy = installSpyProvider();
    failTransactionsWhen(() => true);
    const res = await post("203.0.113.62", await input("uncharged@example.com"));
    vi.restoreAllMocks();

    expect(spy.charges).toHaveLength(0);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string; orderUrl?: string };
    expect(body.message).toMatch(/not charged/i);
    expect(body.orderUrl).toBeUndefined();
  });
});
