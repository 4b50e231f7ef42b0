// The redemption URL comes from the upstream catalog: on the order page, as on the product
// page, only an http(s) URL becomes a link (a `javascript:` one would run in the shop's origin).
import { createElement, type ReactElement } from "react";
import { NextIntlClientProvider } from "next-intl";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/orders/[token]/route";
import { OrderLineCard } from "@/components/checkout/order-line-card";
import { db } from "@/lib/db";
import { messagesFor } from "@/lib/i18n/messages";
import { fulfilPaidOrder } from "@/lib/orders/fulfilment/fulfil-order";
import { checkout, createHarness, type Harness } from "../orders/harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

async function deliveredOrderWith(redemptionUrl: string) {
  await db.product.update({ where: { itemCode: "TEST-INSTANT" }, data: { redemptionUrl } });
  const r = await checkout(h, [{ itemCode: "TEST-INSTANT" }]);
  if (!r.ok) throw new Error(r.message);
  await fulfilPaidOrder(r.orderId, h.now());
  const res = await GET(new Request("http://shop.test"), { params: Promise.resolve({ token: r.token }) });
  return { token: r.token, view: await res.json() };
}

// The order page renders its line cards inside the page's message catalogs.
const inEnglish = (element: ReactElement) =>
  renderToStaticMarkup(
    createElement(NextIntlClientProvider, {
      locale: "en",
      messages: messagesFor("en"),
      timeZone: "UTC",
      children: element,
    }),
  );

describe("the redemption link on the order page", () => {
  it("is dropped when the upstream's URL is not http(s)", async () => {
    const { token, view } = await deliveredOrderWith("javascript:fetch('/api/orders/x/reveal')");
    expect(view.lines[0].status).toBe("delivered");
    expect(view.lines[0].redemptionUrl).toBeNull();
    const html = inEnglish(
      createElement(OrderLineCard, {
        token,
        line: { ...view.lines[0], redemptionUrl: "javascript:alert(1)" },
        currency: "USD",
      }),
    );
    expect(html).not.toContain("javascript:");
  });

  it("is a link when the URL is https", async () => {
    const { token, view } = await deliveredOrderWith("https://brand.example/redeem");
    expect(view.lines[0].redemptionUrl).toBe("https://brand.example/redeem");
    const html = inEnglish(createElement(OrderLineCard, { token, line: view.lines[0], currency: "USD" }));
    expect(html).toContain('href="https://brand.example/redeem"');
  });
});
