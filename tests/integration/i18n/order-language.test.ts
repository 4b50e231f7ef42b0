// An order keeps the language it was placed in (docs/markets.md#languages): its confirmation
// email, its delivery email and its receipt speak it, with its money written the local way; an
// order placed without a language is English as before; a language the shop does not ship is
// refused at checkout like any other malformed field.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReceiptView } from "@/components/shop/receipt-view";
import { db } from "@/lib/db";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { placeOrder } from "@/lib/orders/checkout/place-order";
import { getReceiptByToken } from "@/lib/receipts/receipt";
import { cards, createHarness, type Harness } from "../orders/harness";
import { buyInMarket, createIndonesia, pinPrices } from "../markets/market-harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await pinPrices(h, { "TEST-INSTANT": ["19.37", "21.31"] });
  await createIndonesia(h);
});
afterAll(async () => h.close());

const emailsOf = (orderId: string) => db.outboxEmail.findMany({ where: { orderId }, orderBy: { createdAt: "asc" } });

describe("an order's language", () => {
  it("sends the confirmation of an order placed in Indonesian in Indonesian, with rupiah written the Indonesian way", async () => {
    const { result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], {
      market: "id",
      locale: "id",
    });
    if (!result.ok) throw new Error(result.message);
    const order = await db.order.findUniqueOrThrow({ where: { id: result.orderId } });
    expect(order.locale).toBe("id");

    const received = (await emailsOf(order.id)).find((e) => e.kind === "order_received")!;
    expect(received.subject).toMatch(/pesanan .* dikonfirmasi|pesanan Anda sudah kami terima/);
    expect(received.text).toContain("Pembayaran Anda sudah dikonfirmasi.");
    expect(received.text).toContain("Lacak pesanan Anda");
    expect(received.html).toContain('lang="id"');
    // 21.31 USD at 16 500 + 2 %, up to the next Rp 500, in id-ID: "Rp 359.000" (a dot between thousands).
    expect(received.text).toMatch(/Rp\s?\d{1,3}(\.\d{3})+/);
    expect(received.text).not.toContain("Your payment is confirmed");
  });

  it("writes the receipt and the delivery email of an Indonesian order in Indonesian", async () => {
    const { result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }], {
      market: "id",
      locale: "id",
    });
    if (!result.ok) throw new Error(result.message);
    await fulfilPaidOrder(result.orderId, h.now());

    const receipt = await getReceiptByToken(result.token);
    if (!receipt?.paid) throw new Error("expected a paid receipt");
    expect(receipt.locale).toBe("id");
    const html = renderToStaticMarkup(createElement(ReceiptView, { r: receipt }));
    expect(html).toContain(">Struk<");
    expect(html).toContain("Harga satuan");
    expect(html).toMatch(/Rp\s?\d{1,3}(\.\d{3})+/);
    expect(html).not.toContain("Unit price");

    const delivered = (await emailsOf(result.orderId)).find((e) => e.kind === "delivered");
    expect(delivered?.subject).toContain("sudah siap");
    expect(delivered?.text).toContain("Lihat kode Anda");
  });

  it("keeps an order placed without a language in English", async () => {
    const { result } = await buyInMarket(h, [{ itemCode: "TEST-INSTANT", quantity: 1 }]);
    if (!result.ok) throw new Error(result.message);
    const order = await db.order.findUniqueOrThrow({ where: { id: result.orderId } });
    expect(order.locale).toBe("en");
    const received = (await emailsOf(order.id)).find((e) => e.kind === "order_received")!;
    expect(received.text).toContain("Your payment is confirmed.");
    expect(received.html).toContain('lang="en"');
  });

  it("refuses a checkout in a language the shop does not ship, before any order or payment", async () => {
    const before = await db.order.count();
    const result = await placeOrder(
      {
        email: "buyer@example.com",
        items: [{ itemCode: "TEST-INSTANT", quantity: 1 }],
        card: { number: cards.ok, expiry: "12/30", cvc: "123" },
        expectedTotal: "21.31",
        locale: "fr",
      },
      { now: h.now() },
    );
    expect(result).toMatchObject({ ok: false, fieldErrors: { locale: [expect.any(String)] } });
    expect(await db.order.count()).toBe(before);
  });
});
