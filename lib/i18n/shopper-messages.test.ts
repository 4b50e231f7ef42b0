// The shop's English answers are matched to their catalog key, and every key exists in English.
import { describe, expect, it } from "vitest";
import { checkoutSchema } from "@/lib/orders/cart/checkout-schema";
import { messagesFor } from "./messages";
import { shopperMessageKey, shopperSentenceKeys } from "./shopper-messages";
import { translatorFor } from "./translator";

describe("shopperMessageKey", () => {
  it("matches checkout's own validation messages, which then read in Indonesian", () => {
    const parsed = checkoutSchema.safeParse({ email: "nope", items: [], expectedTotal: "1.00" });
    const messages = parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining(["Enter a valid email address.", "Your cart is empty."]));
    const t = translatorFor("id", "validation");
    const shown = messages.map((m) => shopperMessageKey(m)).map((k) => (k ? t(k.key as "email") : null));
    expect(shown).toEqual(
      expect.arrayContaining(["Masukkan alamat email yang valid.", "Keranjang Anda masih kosong."]),
    );
  });

  it("matches a top-up field's messages with the field's own label as sent", () => {
    expect(shopperMessageKey("Player ID is required.")).toEqual({ key: "required", values: { field: "Player ID" } });
    expect(shopperMessageKey("Zone can be at most 8 characters.")).toEqual({
      key: "tooLong",
      values: { field: "Zone", max: "8" },
    });
  });

  it("leaves an answer it does not know as sent", () => {
    expect(shopperMessageKey("The moon is made of cheese today.")).toBeNull();
  });

  it("has every key it can answer with in the English catalog", () => {
    const english = messagesFor("en").validation as Record<string, string>;
    for (const m of [
      "Enter a valid email address.",
      "Use MM/YY.",
      "3 or 4 digits.",
      "Please check the form.",
      "Enter the code as you received it.",
    ])
      expect(english[shopperMessageKey(m)!.key]).toBe(m);
  });

  it("matches the quote's stock and quantity problems with the product's name as sent", () => {
    expect(shopperMessageKey("Steam 20 USD is out of stock right now.")).toEqual({
      key: "outOfStock",
      values: { product: "Steam 20 USD" },
    });
    expect(shopperMessageKey("Steam 20 USD does not have 5 in stock right now. Try a smaller quantity.")).toEqual({
      key: "notEnoughStock",
      values: { product: "Steam 20 USD", quantity: "5" },
    });
    expect(shopperMessageKey("Choose between 1 and 10 of PUBG 60 UC.")).toEqual({
      key: "quantityBetweenOf",
      values: { min: "1", max: "10", product: "PUBG 60 UC" },
    });
  });

  it("reads the minimum charge and a paused market in Arabic", () => {
    const t = translatorFor("ar", "validation");
    const minimum = shopperMessageKey("The smallest payment we can take in SAR is 2.00 SAR. Please add to your cart.")!;
    expect(t(minimum.key as "minimumCharge", minimum.values as never)).toBe(
      "أصغر دفعة يمكننا قبولها بعملة SAR هي 2.00 SAR. يُرجى إضافة المزيد إلى سلتك.",
    );
    const paused = shopperMessageKey(
      "Checkout in Indonesia is paused: its exchange rate is out of date. You were not charged; please try again later.",
    )!;
    expect(paused).toEqual({ key: "ratePaused", values: { market: "Indonesia" } });
  });

  it("gives back every server sentence byte for byte through the English catalog", () => {
    const t = translatorFor("en", "validation");
    for (const english of [
      "Steam 20 USD is out of stock right now.",
      "Steam 20 USD does not have 5 in stock right now. Try a smaller quantity.",
      "Steam 20 USD cannot be sold at this price right now.",
      "This quantity is not available for Steam 20 USD.",
      "Steam 20 USD is no longer available.",
      "STEAM-EU-20 is not available.",
      "We could not check Steam 20 USD right now. Please try again in a moment.",
      "Choose between 1 and 10.",
      "The smallest payment we can take in IDR is 8000 IDR. Please add to your cart.",
      "The price changed: the total is now 12.50 USD. Please review and pay again.",
      "Card details are entered on the secure payment page, not here.",
      "Steam 20 USD is not sold in Indonesia; please remove it from your cart.",
    ]) {
      const match = shopperMessageKey(english)!;
      expect(t(match.key as "email", match.values as never), english).toBe(english);
    }
  });

  it("reads a product the market does not offer in Bahasa Indonesia, for each line checkout refused", () => {
    const t = translatorFor("id", "validation");
    const keys = shopperSentenceKeys(
      "Steam 20 USD is not sold in Indonesia; please remove it from your cart. PSN 10 USD is not sold in Indonesia; please remove it from your cart.",
    )!;
    expect(keys.map((k) => t(k.key as "notSoldInMarket", k.values as never))).toEqual([
      "Steam 20 USD tidak dijual di Indonesia. Hapus produk ini dari keranjang Anda.",
      "PSN 10 USD tidak dijual di Indonesia. Hapus produk ini dari keranjang Anda.",
    ]);
  });

  it("splits checkout's joined line problems into sentences, each with its key", () => {
    expect(
      shopperSentenceKeys("Steam 20 USD is out of stock right now. Choose between 1 and 10 of PUBG 60 UC."),
    ).toEqual([
      { key: "outOfStock", values: { product: "Steam 20 USD" } },
      { key: "quantityBetweenOf", values: { min: "1", max: "10", product: "PUBG 60 UC" } },
    ]);
    expect(shopperSentenceKeys("Steam 20 USD is out of stock right now. Something unheard of.")).toBeNull();
  });
});

describe("the answers of checkout, the promo code, the account check and the limits", () => {
  // What these answer today (lib/orders/checkout/*, lib/promos/find-promo.ts,
  // lib/orders/quote/validate-topup.ts, lib/rate-limit/client-limits.ts, the payment providers).
  const answers = [
    "Temporarily unavailable: we cannot take new orders for this right now. Nothing was charged; please try again later.",
    "We are taking orders faster than our supplier can fill them right now. Nothing was charged; please try again in a minute or two.",
    "We could not take this payment. Too many payments were declined; please wait a while, or contact us if you think this is a mistake.",
    "Something went wrong on our side. You were not charged; please try again.",
    "Your payment was declined.",
    "Your card was declined.",
    "The payment was never completed. Nothing was charged.",
    "The payment page expired. Nothing was charged.",
    "We could not open the payment page. Nothing was charged; please try again.",
    "We don't know the code “SPRING”. Check it and try again.",
    "You have already used this code.",
    "This code is no longer valid.",
    "This code has been used up.",
    "This code cannot be used in this shop's currency.",
    "This code can be used from 1 Dec 2026 UTC.",
    "This code expired on 1 Dec 2026 UTC.",
    "Too many requests from your connection. Please try again in 1 second.",
    "Too many requests from your connection. Please try again in 45 seconds.",
    "Too many requests from your connection. Please try again in 5 minutes.",
    "We could not verify this Player ID. Check it and try again.",
    "Your payment went through, but something went wrong on our side while finishing your order. Please do not pay again: your order is at https://shop.example/orders/abc, and we are emailing that link to a@b.co. The page shows what happens next.",
    "Your payment was sent and is being confirmed, but something went wrong on our side while finishing your order. Please do not pay again: your order is at https://shop.example/orders/abc, and we are emailing that link to a@b.co. The page shows what happens next.",
  ];

  it.each(answers)("reads %s in every shipped language from the catalog", (answer) => {
    const keys = shopperSentenceKeys(answer);
    expect(keys, answer).not.toBeNull();
    for (const locale of ["id", "es", "pt-BR", "ar"] as const) {
      const t = translatorFor(locale, "validation");
      for (const k of keys!) {
        expect(t.has(k.key as "email"), `${locale}: ${k.key}`).toBe(true);
        expect(t(k.key as "email", k.values as never)).not.toBe(answer);
      }
    }
  });
});
