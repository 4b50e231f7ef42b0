// Every template renders in the one layout, with its link in both parts and the text part made
// from the same HTML.
import { describe, expect, it } from "vitest";
import { renderEmail } from "./render-email";
import {
  alertEmail,
  codesReadyEmail,
  orderLinkEmail,
  orderPlacedEmail,
  passwordResetEmail,
  plainMessageEmail,
  refundedEmail,
  topupCreditedEmail,
  verifyEmailEmail,
} from "./templates";

const brand = { shopName: "Giftly", appUrl: "https://shop.example" };
const order = { reference: "GF-7K3P9Q", url: "https://shop.example/orders/tok" };

const cases = [
  [
    "order placed",
    orderPlacedEmail({ order, lines: [{ name: "Steam 20 USD", quantity: 2, amount: "$41.00" }], total: "$41.00" }),
    order.url,
  ],
  ["codes ready", codesReadyEmail({ order, productName: "Steam 20 USD", quantity: 1 }), order.url],
  ["top-up credited", topupCreditedEmail({ order, productName: "PUBG 60 UC" }), order.url],
  [
    "refunded",
    refundedEmail({ order, itemName: "Steam 20 USD", amount: "$20.50", reason: "Out of stock." }),
    order.url,
  ],
  ["order link", orderLinkEmail({ order }), order.url],
  [
    "verification",
    verifyEmailEmail({ url: "https://shop.example/verify-email?token=abc", expiresInHours: 48 }),
    "https://shop.example/verify-email?token=abc",
  ],
  [
    "password reset",
    passwordResetEmail({ url: "https://shop.example/reset-password?token=xyz", expiresInMinutes: 30 }),
    "https://shop.example/reset-password?token=xyz",
  ],
  [
    "alert",
    alertEmail({
      title: "Upstream balance low",
      summary: "The wallet is below 100.00 USD.",
      state: "firing",
      details: [{ label: "Balance", value: "80.00 USD" }],
      url: "https://shop.example/admin",
    }),
    "https://shop.example/admin",
  ],
] as const;

describe("email templates", () => {
  it.each(cases)(
    "renders the %s email in the layout with its link in the HTML and the text part",
    async (_name, content, link) => {
      const r = await renderEmail(content, brand);
      expect(r.subject.startsWith("Giftly: ")).toBe(true);
      expect(r.html).toContain(`href="${link.replaceAll("&", "&amp;")}"`);
      expect(r.html).toContain("We never ask for your password or your codes by email.");
      expect(r.text).toContain(link);
      expect(r.text).toContain(content.heading.toUpperCase());
      expect(r.text).not.toMatch(/<\/?[a-z]+[ >]/); // no markup left in the text part
      expect(r.text.startsWith(content.heading.toUpperCase())).toBe(true); // header and inbox preview are HTML-only
    },
  );

  it("escapes what it is given", async () => {
    const r = await renderEmail(
      orderPlacedEmail({
        order,
        lines: [{ name: "<script>x</script>", quantity: 1, amount: "$1.00" }],
        total: "$1.00",
      }),
      brand,
    );
    expect(r.html).not.toContain("<script>");
    expect(r.html).toContain("&lt;script&gt;");
  });

  it("shows a promo code's discount and links the receipt in both parts of the order email", async () => {
    const receiptUrl = "https://shop.example/orders/tok/receipt";
    const r = await renderEmail(
      orderPlacedEmail({
        order: { ...order, receiptUrl },
        lines: [{ name: "Steam 20 USD", quantity: 3, amount: "$60.72" }],
        total: "$60.72",
        discount: { code: "FIVE", amount: "$3.21" },
      }),
      brand,
    );
    expect(r.text).toContain("Discount (code FIVE)");
    expect(r.text).toContain("−$3.21");
    expect(r.html).toContain(`href="${receiptUrl}"`);
    expect(r.text).toContain(receiptUrl);
  });

  it("shows codes only when given them", async () => {
    const without = await renderEmail(codesReadyEmail({ order, productName: "Steam", quantity: 1 }), brand);
    const withCodes = await renderEmail(
      codesReadyEmail({ order, productName: "Steam", quantity: 1, codes: [{ label: "20 USD", code: "ABCD-1234" }] }),
      brand,
    );
    expect(without.text).not.toContain("ABCD-1234");
    expect(withCodes.text).toContain("20 USD: ABCD-1234");
    expect(withCodes.html).toContain("20 USD: ABCD-1234");
  });

  it("puts a plain-text message in the layout with a line that is a link shown as a link", async () => {
    const r = await renderEmail(
      plainMessageEmail({
        subject: "your payment was refunded",
        text: "We refunded it.\nReason: held.\n\nOrder: https://shop.example/orders/t\nhttps://shop.example/orders/t\n",
      }),
      brand,
    );
    expect(r.subject).toBe("Giftly: your payment was refunded");
    expect(r.html).toContain('href="https://shop.example/orders/t"');
    expect(r.text).toContain("We refunded it.\nReason: held.");
  });
});
