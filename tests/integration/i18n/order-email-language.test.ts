// Every email about an order is written in the order's language (docs/markets.md#languages):
// each kind of refund, the codes-ready email (the outbox's masked copy too) and the link sent
// again by staff. No sentence of the English catalog leaks into an Indonesian or Arabic email,
// and amounts are written in the order's currency the order's language's way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resendOrderLink } from "@/lib/admin/orders/line-ops";
import { db } from "@/lib/db";
import { formatEmailMoney } from "@/lib/mail/templates/format";
import { codesInEmailKey } from "@/lib/mail/codes-in-email";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { sendRefundEmail } from "@/lib/orders/refunds/refund-effects";
import en from "@/messages/en.json";
import { sentText } from "../../helpers/outbox-mail";
import { createHarness, type Harness } from "../orders/harness";
import { buyInMarket, createIndonesia, D, pinPrices } from "../markets/market-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  await createIndonesia(h);
  // A buyer with a delivered order: the many orders below are not held for a new buyer's review.
  const { result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], { market: "id" });
  if (!result.ok) throw new Error(result.message);
  await fulfilPaidOrder(result.orderId, h.now());
});
afterAll(async () => h.close());

/** The English catalog's email sentences, their arguments cut out: fragments no translation may contain. */
function englishFragments(): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      for (const part of v.split(/\{[^{}]*\}|[{}]|\n/)) if (part.trim().split(/\s+/).length >= 3) out.push(part.trim());
    } else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(en.emails);
  return out;
}
// The shop's own English words outside the catalog that an email once carried.
const englishWords = ["We refunded", "Reason:", "Order:", "refund for", "was refunded"];

function expectNoEnglish(locale: string, kind: string, email: { subject: string; text: string }) {
  for (const fragment of [...englishFragments(), ...englishWords]) {
    expect(email.subject, `${locale} ${kind} subject`).not.toContain(fragment);
    expect(email.text, `${locale} ${kind} text`).not.toContain(fragment);
  }
}

async function orderIn(locale: "id" | "ar" | "es" | "pt-BR") {
  const { result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], { market: "id", locale });
  if (!result.ok) throw new Error(result.message);
  const order = await db.order.findUniqueOrThrow({
    where: { id: result.orderId },
    include: { lines: true, payments: true },
  });
  return order;
}

const setCodesInEmail = (on: boolean) =>
  db.setting.upsert({
    where: { key: codesInEmailKey },
    create: { key: codesInEmailKey, value: String(on) },
    update: { value: String(on) },
  });

const refundKinds = ["failed_line", "staff", "short_delivery", "held_payment", "orphan_payment"] as const;

describe.each(["id", "ar", "es", "pt-BR"] as const)("the order emails of an order placed in %s", (locale) => {
  it.each(refundKinds)("writes the %s refund email in the order's language, its amount the local way", async (kind) => {
    const order = await orderIn(locale);
    const line = order.lines[0]!;
    const id = `${kind}-${locale}-${order.id}`;
    await sendRefundEmail({
      id,
      kind,
      orderId: order.id,
      paymentId: order.payments[0]!.id,
      lineId: kind === "held_payment" || kind === "orphan_payment" ? null : line.id,
      amount: D("359000"),
      currency: "IDR",
      reason: "Paid the wrong amount",
      requestedBy: null,
    });
    const email = await db.outboxEmail.findFirstOrThrow({ where: { orderId: order.id, kind: "refunded" } });
    expectNoEnglish(locale, kind, email);
    expect(email.text).toContain(formatEmailMoney("359000", "IDR", locale));
  });

  it("writes the confirmation, the codes-ready email as the buyer gets it, and the link sent again in the order's language", async () => {
    const order = await orderIn(locale);
    await setCodesInEmail(true);
    try {
      await fulfilPaidOrder(order.id, h.now());
    } finally {
      await setCodesInEmail(false);
    }
    await resendOrderLink(order.id, { id: "staff-1", email: "staff@example.test", role: "staff" });
    for (const kind of ["order_received", "delivered", "order_link"]) {
      const row = await db.outboxEmail.findFirstOrThrow({ where: { orderId: order.id, kind } });
      expectNoEnglish(locale, kind, { subject: row.subject, text: sentText(row) });
    }
  });
});
